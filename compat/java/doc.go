// Package java reproduces java.util.Random and Collections.shuffle bit for
// bit: the same seed gives the same numbers and the same order as Java.
//
// [NewRandom] is new java.util.Random(seed): the 48-bit linear congruential
// generator of every JDK since 1.2, with [Random.NextInt], [Random.NextLong],
// [Random.NextDouble] and the rest drawing exactly as Java's methods do.
// [Shuffle] and [ShuffleSlice] are Collections.shuffle(list, rnd). A
// [Random] is also a math/rand/v2 Source: its Uint64 is NextLong.
//
// The vectors in testdata/compat/java were made by OpenJDK (Gen.java
// beside them); scripts/compat-live-java checks fresh seeds against Java.
package java
