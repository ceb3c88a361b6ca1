/**
 * Rendering of a timeline: console lines and the timeline.html page (one SVG lane per colour).
 * Pure: depends only on java.*, {@code timeline} and {@code summary}; reads no clock
 * (DemoArchitectureTest).
 */
package dev.bluegreen.demo.render;
