/**
 * Runs a job of the stand-in in a MiniCluster (from a jar or a main class) and observes it. The
 * only package that uses Flink's runtime and client; knows no Kubernetes (StandInArchitectureTest).
 */
package dev.bluegreen.standin.flink;
