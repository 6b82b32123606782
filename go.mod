module github.com/wipsvec/wipsvec

go 1.26.0

require (
	github.com/klauspost/compress v1.20.3 // indirect
	golang.org/x/sys v0.49.0 // indirect
)
