/**
 * The extensions a resource picks by name ({@code kubernetes.operator.bluegreen.extension}),
 * resolved into its settings and contained: {@link
 * dev.bluegreen.operator.internal.extension.ExtensionResolver} applies an extension's customisers
 * to the settings parsed from {@code spec.configuration}; every call into extension code goes
 * through {@link dev.bluegreen.operator.internal.extension.ExtensionCalls}, bounded in time on a
 * small shared daemon executor, and an extension's readiness policy is wrapped in {@link
 * dev.bluegreen.operator.internal.extension.ContainedReadiness}, whose failures are {@code
 * ReadinessVerdict.Failed} verdicts. Nothing here depends on the pipeline, so the pure decide stage
 * only ever sees a {@code ReadinessPolicy}.
 */
package dev.bluegreen.operator.internal.extension;
