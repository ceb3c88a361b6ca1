/**
 * The CEL environment of the analysis conditions ({@code ConditionCompiler}), shared by {@code
 * analysis} (evaluation) and {@code validate} (the spec's check). Depends on CEL only.
 */
package dev.bluegreen.operator.internal.cel;
