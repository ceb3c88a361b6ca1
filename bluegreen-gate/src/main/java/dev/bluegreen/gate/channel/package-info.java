/**
 * Control channel between the controller and the gates: commands in, reports out; pluggable by
 * type, with a JVM-wide in-memory implementation. Depends on the JDK and the rule package only.
 */
package dev.bluegreen.gate.channel;
