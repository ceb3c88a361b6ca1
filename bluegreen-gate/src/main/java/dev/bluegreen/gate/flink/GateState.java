package dev.bluegreen.gate.flink;

import dev.bluegreen.gate.internal.GateMemory;
import dev.bluegreen.gate.internal.Held;
import dev.bluegreen.gate.internal.Restored;
import dev.bluegreen.gate.internal.SubtaskGate;
import dev.bluegreen.gate.rule.KeepProgress;

import org.apache.flink.api.common.state.ListState;
import org.apache.flink.api.common.state.ListStateDescriptor;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.api.java.tuple.Tuple3;
import org.apache.flink.api.java.typeutils.TupleTypeInfo;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.runtime.state.StateInitializationContext;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The gate's Flink operator state: its memory in union list state (every subtask restores the
 * merged memory, so a rescaled job keeps its cutovers and conflict check), and in split list state
 * the held records, the keeper's kept records and unkept event times, and its hand-back counts
 * (split, so a rescale hands each old subtask's entries to exactly one new subtask and nothing is
 * counted twice). Records are kept as (event time, record timestamp or none, value).
 *
 * @param <T> the record type
 */
final class GateState<T> {
    private static final long NO_TIMESTAMP = Long.MIN_VALUE;

    private final ListState<String> memory;
    private final ListState<Tuple3<Long, Long, T>> held;
    private final ListState<Tuple3<Long, Long, T>> kept;
    private final ListState<Long> unkept;
    private final ListState<Tuple2<Long, Long>> counts;
    private final long restoredCheckpoint;

    GateState(StateInitializationContext context, TypeInformation<T> type) throws Exception {
        var store = context.getOperatorStateStore();
        memory =
                store.getUnionListState(
                        new ListStateDescriptor<>("bluegreen-gate-memory", Types.STRING));
        held = store.getListState(records("bluegreen-gate-held", type));
        kept = store.getListState(records("bluegreen-gate-kept", type));
        unkept = store.getListState(new ListStateDescriptor<>("bluegreen-gate-unkept", Types.LONG));
        counts =
                store.getListState(
                        new ListStateDescriptor<>(
                                "bluegreen-gate-keep-counts",
                                new TupleTypeInfo<Tuple2<Long, Long>>(Types.LONG, Types.LONG)));
        restoredCheckpoint = context.getRestoredCheckpointId().orElse(0L);
    }

    private static <T> ListStateDescriptor<Tuple3<Long, Long, T>> records(
            String name, TypeInformation<T> type) {
        return new ListStateDescriptor<>(
                name, new TupleTypeInfo<Tuple3<Long, Long, T>>(Types.LONG, Types.LONG, type));
    }

    /** What the state restored (empty when the job started fresh). */
    Restored<StreamRecord<T>> restored() throws Exception {
        List<GateMemory> memories = new ArrayList<>();
        for (String text : memory.get()) {
            memories.add(GateMemory.parse(text));
        }
        long recovered = 0;
        long lost = 0;
        for (Tuple2<Long, Long> pair : counts.get()) {
            recovered += pair.f0;
            lost += pair.f1;
        }
        List<Long> times = new ArrayList<>();
        unkept.get().forEach(times::add);
        return Restored.of(GateMemory.merge(memories), records(held))
                .withKept(records(kept), times)
                .withCounts(recovered, lost)
                .fromCheckpoint(restoredCheckpoint);
    }

    private List<Held<StreamRecord<T>>> records(ListState<Tuple3<Long, Long, T>> state)
            throws Exception {
        List<Held<StreamRecord<T>>> list = new ArrayList<>();
        for (Tuple3<Long, Long, T> tuple : state.get()) {
            list.add(new Held<>(tuple.f0, toRecord(tuple.f2, tuple.f1)));
        }
        return list;
    }

    static <T> StreamRecord<T> toRecord(T value, long timestamp) {
        return timestamp == NO_TIMESTAMP
                ? new StreamRecord<>(value)
                : new StreamRecord<>(value, timestamp);
    }

    /** Saves the gate; returns the serialized size of the kept records (0 when none). */
    long save(SubtaskGate<StreamRecord<T>> gate, KeepProgress keeping, TypeSerializer<T> serializer)
            throws Exception {
        memory.update(Collections.singletonList(gate.memory().toText()));
        held.update(tuples(gate.heldRecords()));
        List<Tuple3<Long, Long, T>> keptTuples = tuples(gate.keptRecords());
        kept.update(keptTuples);
        unkept.update(gate.unkeptTimes());
        counts.update(Collections.singletonList(Tuple2.of(keeping.recovered(), keeping.lost())));
        return keptTuples.isEmpty() ? 0 : size(keptTuples, serializer);
    }

    /** A pass-through gate: restored state was emitted in open() and must not come back. */
    void clear() {
        memory.clear();
        held.clear();
        kept.clear();
        unkept.clear();
        counts.clear();
    }

    private List<Tuple3<Long, Long, T>> tuples(List<Held<StreamRecord<T>>> records) {
        List<Tuple3<Long, Long, T>> tuples = new ArrayList<>(records.size());
        for (Held<StreamRecord<T>> record : records) {
            StreamRecord<T> item = record.item();
            long timestamp = item.hasTimestamp() ? item.getTimestamp() : NO_TIMESTAMP;
            tuples.add(Tuple3.of(record.eventTime(), timestamp, item.getValue()));
        }
        return tuples;
    }

    private static <T> long size(List<Tuple3<Long, Long, T>> tuples, TypeSerializer<T> serializer)
            throws IOException {
        DataOutputSerializer out = new DataOutputSerializer(4096);
        long bytes = 0;
        for (Tuple3<Long, Long, T> tuple : tuples) {
            out.clear();
            serializer.serialize(tuple.f2, out);
            bytes += out.length() + 2 * Long.BYTES;
        }
        return bytes;
    }
}
