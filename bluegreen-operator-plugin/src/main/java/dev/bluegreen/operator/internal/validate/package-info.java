/**
 * Validation of a parent before anything is written: {@link
 * dev.bluegreen.operator.internal.validate.SpecValidator} (name, transition mode, option problems,
 * ingress, the parent HTTPRoute through {@code RouteChecks}, the analysis checks through {@code
 * AnalysisChecks}, the template and its shape) and {@link
 * dev.bluegreen.operator.internal.validate.SchemaValidator} (the template against the installed
 * FlinkDeployment CRD's schema, which {@code apply} reads). Every problem is a {@link
 * dev.bluegreen.operator.internal.validate.SpecProblem} naming its field.
 *
 * <p>Pure functions, no I/O. Depends on {@code config} (parsed options), {@code spec} (reading
 * {@code spec.httpRoute}), {@code analysis} (the analysis durations) and {@code resource}, on the
 * diff and ingress modules, and on CEL (the analysis conditions, {@code AnalysisChecks}).
 */
package dev.bluegreen.operator.internal.validate;
