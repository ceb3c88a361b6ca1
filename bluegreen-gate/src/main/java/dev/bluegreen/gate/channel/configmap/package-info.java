/**
 * The {@code configmap} control channel: the controller's newest command in the ConfigMap {@code
 * <parent>-gate}, read by one poller per JVM with the JDK's HTTP client. Depends on the JDK and the
 * rule and channel packages only.
 */
package dev.bluegreen.gate.channel.configmap;
