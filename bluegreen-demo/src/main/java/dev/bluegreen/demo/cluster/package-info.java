/**
 * The demo's cluster: the embedded Kubernetes API with the controller and the local Flink stand-in,
 * and the watch that turns what happens on it into timeline events.
 */
package dev.bluegreen.demo.cluster;
