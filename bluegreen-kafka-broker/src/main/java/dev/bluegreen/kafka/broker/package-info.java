/**
 * A single-node KRaft Kafka broker in a child JVM, for integration tests and the local demo.
 *
 * <p>Start one with {@link dev.bluegreen.kafka.broker.KafkaBroker#start(java.nio.file.Path)}. The
 * code here uses the JDK only: the broker's own classpath (Kafka 4.x, Scala, its Jackson and
 * logging) is read from a resource and handed to the child JVM, so it never meets the caller's
 * Kafka client.
 */
package dev.bluegreen.kafka.broker;
