/**
 * Internal: the process's HTTP endpoint, shared by the standalone process and the drop-in listener:
 * {@code GET /metrics} (Prometheus text format, from a Micrometer Prometheus registry added to the
 * global registry, with the JVM's meters), {@code /healthz} and {@code /readyz} (from the JOSDK
 * operator's informers and the Lease role). Served by the JDK's {@code com.sun.net.httpserver}. Not
 * API; may change in any release. Uses JOSDK's health API, Micrometer and the JDK; never the
 * Kubernetes client.
 */
package dev.bluegreen.operator.internal.http;
