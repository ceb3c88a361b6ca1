/**
 * The controller as its own process: {@link dev.bluegreen.operator.standalone.StandaloneController}
 * (the standalone jar's main class) reads {@link
 * dev.bluegreen.operator.standalone.ControllerOptions} from flags and the environment and runs
 * {@link dev.bluegreen.operator.standalone.ControllerProcess}, a JOSDK operator with the controller
 * and Lease leader election, which the drop-in {@code listener} shares.
 *
 * <p>An entry point: it builds the Kubernetes client and handles the process (signals, exit codes),
 * but uses the API only through JOSDK and {@code apply} (the Lease release included; {@code
 * PluginArchitectureTest}). Depends on {@code controller} and {@code apply}; only {@code listener}
 * depends on it.
 */
package dev.bluegreen.operator.standalone;
