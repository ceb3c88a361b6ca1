/**
 * The demo's script: apply the parent, wait for blue, upgrade, audit, for the file pipeline or the
 * Kafka pipeline. The only package of the demo that touches Kafka and the broker launcher
 * (DemoArchitectureTest).
 */
package dev.bluegreen.demo.scenario;
