/**
 * Implementation of the differ: path syntax, normalization of spec trees and Flink value parsing.
 * Not a public API: may change without notice. Depends on the JDK, Jackson and {@code
 * dev.bluegreen.diff} only.
 */
package dev.bluegreen.diff.internal;
