/**
 * The blue/green transition engine: a pure, deterministic function from what is observed to what to
 * do next.
 *
 * <p>Dependencies: the JDK only. No Kubernetes, no Flink, no clock reads (time is an input), no
 * logging, no I/O. Enforced by maven-enforcer and by {@code CoreArchitectureTest}.
 */
package dev.bluegreen.core;
