/**
 * The example job on Kafka ({@code KafkaCountingJob}: KafkaSource, keyed state, the gate,
 * KafkaSink) with its arguments, and the test-side tools that feed, tail and audit its topics. The
 * connector and kafka-clients travel in the shaded job jar, not on the caller's classpath.
 */
package dev.bluegreen.kafka.example;
