/**
 * The custom resource: {@link dev.bluegreen.operator.resource.FlinkBlueGreenDeployment}, its spec
 * and status, as Java classes from which the CRD in docs/deploy/ is generated (the class names do
 * not appear in it; field names, types and annotations do).
 *
 * <p>Kubernetes data classes (fabric8's {@code CustomResource} and POJOs), no I/O. Depends on no
 * other package of the plugin; every other package may depend on it.
 */
package dev.bluegreen.operator.resource;
