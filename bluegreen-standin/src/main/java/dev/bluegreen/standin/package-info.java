/**
 * The local stand-in for the upstream Flink operator: reconciles FlinkDeployments (validated as
 * operator 1.15.0 does) and FlinkStateSnapshots on a Kubernetes API and writes their status.
 * Depends on fabric8 and on {@code flink} for running jobs; never on the controller, the engine or
 * the example job (StandInArchitectureTest).
 */
package dev.bluegreen.standin;
