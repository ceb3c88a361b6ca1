package dev.bluegreen.gate.bench;

import dev.bluegreen.gate.flink.GateOperator;
import dev.bluegreen.gate.flink.GateOptions;
import dev.bluegreen.gate.internal.GateSettings;
import dev.bluegreen.gate.internal.SubtaskGate;
import dev.bluegreen.gate.internal.Verdict;
import dev.bluegreen.gate.rule.Color;
import dev.bluegreen.gate.rule.GateCommand;
import dev.bluegreen.gate.rule.KeepWindow;

import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.streaming.api.operators.OneInputStreamOperator;
import org.apache.flink.streaming.api.operators.StreamMap;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.streaming.util.OneInputStreamOperatorTestHarness;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.Blackhole;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * Cost of the gate per record, against a pass-through, at two levels.
 *
 * <ul>
 *   <li>Rule: {@link SubtaskGate#offer} (blue, before any cutover, and with a committed cutover in
 *       the middle of the batch so half the records pass and half drop) against a pass-through
 *       function of the same shape that returns PASS.
 *   <li>Operator: {@link GateOperator#processElement} (blue before any cutover: every record
 *       passes) against Flink's identity {@code StreamMap}, both in the operator test harness,
 *       whose output queue is cleared after every batch of {@value #BATCH} records in both cases.
 * </ul>
 *
 * <p>Run: {@code mvn -B -ntp -o -Pbench -pl bluegreen-gate test-compile exec:exec
 * -Dbench=GateBenchmark}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class GateBenchmark {
    static final int BATCH = 1024;

    private final long[] eventTimes = new long[BATCH];
    private final StreamRecord<String>[] records = newRecords();
    private SubtaskGate<String> gate;
    private SubtaskGate<String> freshGate;
    private SubtaskGate<String> droppingGate;
    private SubtaskGate<String> keepingGate;
    private GateCommand keepCommand;
    private long batches;
    private long base;
    private Decider passThrough;
    private OneInputStreamOperatorTestHarness<String, String> gateHarness;
    private OneInputStreamOperatorTestHarness<String, String> mapHarness;

    @SuppressWarnings("unchecked")
    private static StreamRecord<String>[] newRecords() {
        StreamRecord<String>[] records = new StreamRecord[BATCH];
        for (int i = 0; i < BATCH; i++) {
            records[i] = new StreamRecord<>("r" + i, i);
        }
        return records;
    }

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        for (int i = 0; i < BATCH; i++) {
            eventTimes[i] = i;
        }
        gate = new SubtaskGate<>(Color.BLUE, 0, 1, GateSettings.DEFAULTS, 0);
        gate.apply(GateCommand.propose(1, BATCH / 2).commit());
        freshGate = new SubtaskGate<>(Color.BLUE, 0, 1, GateSettings.DEFAULTS, 0);
        droppingGate = new SubtaskGate<>(Color.BLUE, 0, 1, GateSettings.DEFAULTS, 0);
        droppingGate.apply(GateCommand.propose(1, 0).commit());
        keepingGate = new SubtaskGate<>(Color.BLUE, 0, 1, GateSettings.DEFAULTS, 0);
        keepCommand = GateCommand.propose(1, 0).withWindow(KeepWindow.keptBy(Color.BLUE)).commit();
        keepingGate.apply(keepCommand);
        passThrough = (eventTime, item) -> Verdict.PASS;
        GateOptions<String> options =
                GateOptions.<String>builder()
                        .color(Color.BLUE)
                        .channel("benchmark")
                        .reportInterval(Duration.ofHours(1))
                        .build();
        gateHarness = open(new GateOperator<>(options, Types.STRING));
        mapHarness = open(new StreamMap<>((MapFunction<String, String>) value -> value));
    }

    private static OneInputStreamOperatorTestHarness<String, String> open(
            OneInputStreamOperator<String, String> operator) throws Exception {
        OneInputStreamOperatorTestHarness<String, String> harness =
                new OneInputStreamOperatorTestHarness<>(operator);
        harness.setProcessingTime(0);
        harness.open();
        return harness;
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        gateHarness.close();
        mapHarness.close();
    }

    /** Baseline of the rule: a pass-through function that returns PASS for every record. */
    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void rulePassThrough(Blackhole blackhole) {
        for (int i = 0; i < BATCH; i++) {
            blackhole.consume(passThrough.offer(eventTimes[i], "r"));
        }
    }

    /** The rule with a committed cutover mid-batch: half the records pass, half drop. */
    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void ruleOfferAcrossCutover(Blackhole blackhole) {
        for (int i = 0; i < BATCH; i++) {
            blackhole.consume(gate.offer(eventTimes[i], "r"));
        }
    }

    /** The rule before any cutover (blue): every record passes. */
    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void ruleOfferBeforeCutover(Blackhole blackhole) {
        for (int i = 0; i < BATCH; i++) {
            blackhole.consume(freshGate.offer(eventTimes[i], "r"));
        }
    }

    /** Blue after the commit, no keep window: every record drops. */
    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void ruleOfferAfterCutoverDropping(Blackhole blackhole) {
        base += BATCH;
        for (int i = 0; i < BATCH; i++) {
            blackhole.consume(droppingGate.offer(base + i, "r"));
        }
    }

    /**
     * Blue after the commit with the keep window open: every record drops into the kept records,
     * which are forgotten once per batch (as when the controller moves the forget frontier).
     */
    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void ruleOfferAfterCutoverKeeping(Blackhole blackhole) {
        base += BATCH;
        for (int i = 0; i < BATCH; i++) {
            blackhole.consume(keepingGate.offer(base + i, "r"));
        }
        keepCommand = keepCommand.withWindow(keepCommand.window().withForget(base + BATCH));
        keepingGate.apply(keepCommand);
    }

    /**
     * The same with the forget frontier moved once per 64 batches (65,536 records): a controller
     * moves it once per reconcile, so at high rates a forget is rarer than in the case above, and
     * this case shows the cost of keeping itself.
     */
    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void ruleOfferAfterCutoverKeepingRareForget(Blackhole blackhole) {
        base += BATCH;
        for (int i = 0; i < BATCH; i++) {
            blackhole.consume(keepingGate.offer(base + i, "r"));
        }
        if (++batches % 64 == 0) {
            keepCommand = keepCommand.withWindow(keepCommand.window().withForget(base + BATCH));
            keepingGate.apply(keepCommand);
        }
    }

    /** A pass-through with the same call shape as {@link SubtaskGate#offer}. */
    interface Decider {
        Verdict offer(long eventTime, String item);
    }

    /** Baseline of the operator: Flink's identity map in the harness. */
    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void operatorIdentityMap() throws Exception {
        for (int i = 0; i < BATCH; i++) {
            mapHarness.processElement(records[i]);
        }
        mapHarness.getOutput().clear();
    }

    /** The gate operator in the harness (blue before any cutover: every record passes). */
    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void operatorGate() throws Exception {
        for (int i = 0; i < BATCH; i++) {
            gateHarness.processElement(records[i]);
        }
        gateHarness.getOutput().clear();
    }
}
