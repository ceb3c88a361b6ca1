/**
 * The demo's summary: phase durations, side-by-side time and the output audit (records in and out,
 * duplicates, lost) computed from a {@code timeline} and its text. Pure: depends only on java.*,
 * {@code timeline} and {@code render}; reads no clock (DemoArchitectureTest).
 */
package dev.bluegreen.demo.summary;
