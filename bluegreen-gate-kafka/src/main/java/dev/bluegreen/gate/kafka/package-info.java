/**
 * The cut by source position inside the Kafka source (docs/gate.md, "The cut by source position"):
 * {@link dev.bluegreen.gate.kafka.BlueGreenKafkaSource#gated} wraps the user's {@code
 * KafkaRecordDeserializationSchema}; a {@link dev.bluegreen.gate.internal.PositionGate} decides
 * each {@code ConsumerRecord} by its topic, partition and offset, and only records of this colour
 * are deserialised.
 *
 * <p>What the wrapper relies on, read from the classes of {@code flink-connector-kafka 3.4.0-1.20}
 * (javap on the jar we build against; Flink 1.20.5):
 *
 * <ul>
 *   <li>{@code KafkaRecordDeserializationSchema<T>} extends {@code Serializable} and {@code
 *       ResultTypeQueryable<T>}; its methods are {@code default void
 *       open(DeserializationSchema.InitializationContext)} and {@code void
 *       deserialize(ConsumerRecord<byte[], byte[]>, Collector<T>)}. It has no {@code isEndOfStream}
 *       (the end of a bounded Kafka source is its stopping offsets, not the deserializer) and no
 *       {@code close()}: nothing tells the wrapper that its task ended, so its reporter thread ends
 *       with the task thread that opened it.
 *   <li>{@code KafkaSource.createReader} calls {@code open} once per reader with an anonymous
 *       {@code InitializationContext} that offers only {@code getMetricGroup()} (the reader's
 *       metric group plus a group "deserializer") and {@code getUserCodeClassLoader()}: no runtime
 *       context, so the subtask index comes from the metric group's {@code <subtask_index>}
 *       variable and the parallelism from the options.
 *   <li>{@code KafkaRecordEmitter.emitRecord} calls {@code deserialize} on the task thread, then
 *       {@code KafkaPartitionSplitState.setCurrentOffset(record.offset() + 1)}: the split's
 *       checkpointed position is the offset after the last record the gate decided. A wait inside
 *       {@code deserialize} (a record at a proposed cut) blocks the task thread, checkpoints
 *       included, until the cut is committed or aborted; a record is never skipped undecided.
 *   <li>The deserializer sees no checkpoint: the gate reports its current positions only. The
 *       position at blue's last completed checkpoint is the consumer group's committed offset
 *       ({@code KafkaSource} commits it when a checkpoint completes, with {@code group.id} set and
 *       {@code commit.offsets.on.checkpoint} true), which the controller reads from Kafka.
 * </ul>
 *
 * <p>The same holds on the Flink 2.2 line (connector 5.0.0-2.2, Flink 2.2.1, kafka-clients 4.2.0;
 * javap on its jar): the two methods of {@code KafkaRecordDeserializationSchema}, the two of {@code
 * InitializationContext}, and {@code deserialize} before {@code setCurrentOffset} in {@code
 * KafkaRecordEmitter}. The module's profile {@code flink2} builds and tests the same sources there
 * ({@code GatedKafkaHandoverIT} included).
 */
package dev.bluegreen.gate.kafka;
