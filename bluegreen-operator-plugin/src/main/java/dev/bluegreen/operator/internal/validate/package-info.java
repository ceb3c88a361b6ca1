/**
 * Validation of a parent before anything is written: {@link
 * dev.bluegreen.operator.internal.validate.SpecValidator} (name, transition mode, option problems,
 * ingress, the parent HTTPRoute through {@code RouteChecks}, the template and its shape) and {@link
 * dev.bluegreen.operator.internal.validate.SchemaValidator} (the template against the installed
 * FlinkDeployment CRD's schema, which {@code apply} reads). Every problem is a {@link
 * dev.bluegreen.operator.internal.validate.SpecProblem} naming its field.
 *
 * <p>Pure functions, no I/O. Depends on {@code config} (parsed options), {@code spec} (reading
 * {@code spec.httpRoute}) and {@code resource}, and on the diff and ingress modules.
 */
package dev.bluegreen.operator.internal.validate;
