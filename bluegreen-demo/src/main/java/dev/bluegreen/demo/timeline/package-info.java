/**
 * What the demo saw, in order: controller states, child jobs, snapshots, events, the traffic
 * switch, the teardown and analysis measurements, as immutable timeline events with their times.
 * Pure: depends only on java.*, {@code summary} and {@code render} (DemoArchitectureTest).
 */
package dev.bluegreen.demo.timeline;
