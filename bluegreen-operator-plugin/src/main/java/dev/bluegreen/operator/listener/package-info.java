/**
 * The drop-in plugin: a {@code FlinkResourceListener} that the upstream Flink Kubernetes Operator
 * loads from its plugin directory, which starts the controller inside the operator's JVM ({@link
 * dev.bluegreen.operator.listener.ControllerRunner}) and turns the operator's child status
 * callbacks into reconcile triggers of their parents.
 *
 * <p>The only package that may use Flink classes ({@code org.apache.flink}, provided by the
 * upstream operator at run time; {@code PluginArchitectureTest} checks it). Depends on {@code
 * standalone} for starting the controller, and on {@code resource} and {@code spec}.
 */
package dev.bluegreen.operator.listener;
