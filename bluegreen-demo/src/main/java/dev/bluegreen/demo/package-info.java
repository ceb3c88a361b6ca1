/**
 * The one-command demo: {@code Demo} parses the arguments ({@code DemoArgs}), runs a scenario and
 * prints the report ({@code DemoReport}). The scenario lives in {@code scenario}, the embedded
 * cluster in {@code cluster}; {@code timeline}, {@code summary} and {@code render} are pure (only
 * java.* and each other, checked by DemoArchitectureTest).
 */
package dev.bluegreen.demo;
