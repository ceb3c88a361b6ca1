/**
 * A real Prometheus server (the {@code prometheus} binary, e.g. Debian's package) for local runs
 * and tests: started on a free loopback port with a temporary configuration and TSDB, scraping
 * Flink's Prometheus reporter every second, queried through its HTTP API. Knows no Flink and no
 * Kubernetes.
 */
package dev.bluegreen.standin.prometheus;
