// Package subword is fastText's subword model, the part of it that is not
// training: which character n-grams a word has, which bucket row each
// n-gram hashes to, and how a word's vector is composed from its own row
// and its n-grams' rows. It follows fastText 0.9.2 (Dictionary::hash,
// computeSubwords, getSubwords; FastText::getWordVector) to the byte, so
// that the rows a model trains here are the rows fastText reads from the
// same file, and a word never seen in training still gets fastText's
// vector.
//
// A model's input matrix holds one row per vocabulary word, then Bucket
// rows shared by the n-grams that hash to them: the n-gram g of a model of
// nwords words lives in row nwords + Hash(g) % Bucket.
package subword
