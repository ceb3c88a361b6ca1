package dev.bluegreen.gate.flink;

import dev.bluegreen.gate.channel.InMemoryGateChannel;
import dev.bluegreen.gate.rule.Color;
import dev.bluegreen.gate.rule.GateCommand;
import dev.bluegreen.gate.rule.GateReport;
import dev.bluegreen.gate.rule.Stage;

import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.runtime.operators.testutils.MockEnvironment;
import org.apache.flink.runtime.operators.testutils.MockEnvironmentBuilder;
import org.apache.flink.streaming.api.watermark.Watermark;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.streaming.util.OneInputStreamOperatorTestHarness;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The Flink operator in Flink's operator test harness: timers, watermarks, metrics, state. */
class GateOperatorTest {
    private static final AtomicInteger CHANNELS = new AtomicInteger();
    private static final GateCommand PROPOSE_100 = GateCommand.propose(1, 100);
    private static final int MAX_PARALLELISM = 128;

    private final String channelName = "operator-test-" + CHANNELS.incrementAndGet();
    private final InMemoryGateChannel channel = InMemoryGateChannel.named(channelName);
    private final RecordingMetricGroup metrics = new RecordingMetricGroup();
    private final List<OneInputStreamOperatorTestHarness<String, String>> harnesses =
            new ArrayList<>();

    @AfterEach
    void closeHarnesses() throws Exception {
        for (OneInputStreamOperatorTestHarness<String, String> harness : harnesses) {
            harness.close();
        }
        InMemoryGateChannel.remove(channelName);
    }

    private GateOptions.Builder<String> options(Color color) {
        return GateOptions.<String>builder()
                .color(color)
                .channel(channelName)
                .reportInterval(Duration.ofMillis(100))
                .idleTimeout(Duration.ofMillis(500));
    }

    private OneInputStreamOperatorTestHarness<String, String> harness(GateOptions<String> options)
            throws Exception {
        return harness(options, 1, 0);
    }

    private OneInputStreamOperatorTestHarness<String, String> harness(
            GateOptions<String> options, int parallelism, int subtask) throws Exception {
        MockEnvironment environment =
                new MockEnvironmentBuilder()
                        .setMetricGroup(metrics.task())
                        .setMaxParallelism(MAX_PARALLELISM)
                        .setParallelism(parallelism)
                        .setSubtaskIndex(subtask)
                        .build();
        OneInputStreamOperatorTestHarness<String, String> harness =
                new OneInputStreamOperatorTestHarness<>(
                        new GateOperator<>(options, Types.STRING), environment);
        harnesses.add(harness);
        return harness;
    }

    private OneInputStreamOperatorTestHarness<String, String> opened(GateOptions<String> options)
            throws Exception {
        OneInputStreamOperatorTestHarness<String, String> harness = harness(options);
        harness.setProcessingTime(0);
        harness.open();
        return harness;
    }

    private static List<Long> watermarks(OneInputStreamOperatorTestHarness<String, String> h) {
        List<Long> out = new ArrayList<>();
        for (Object element : h.getOutput()) {
            if (element instanceof Watermark) {
                out.add(((Watermark) element).getTimestamp());
            }
        }
        return out;
    }

    @Test
    void passesEverythingWithoutAColour() throws Exception {
        OneInputStreamOperatorTestHarness<String, String> harness =
                opened(GateOptions.<String>builder().build());

        harness.processElement("a", 10);
        harness.processWatermark(20);

        assertThat(harness.extractOutputValues()).containsExactly("a");
        assertThat(watermarks(harness)).containsExactly(20L);
        assertThat(channel.reports()).isEmpty();
    }

    @Test
    void greenHoldsRecordsAtTheProposedCutoverAndEmitsThemWhenATimerSeesTheCommit()
            throws Exception {
        channel.send(PROPOSE_100);
        OneInputStreamOperatorTestHarness<String, String> green =
                opened(options(Color.GREEN).build());

        green.processElement("before", 50);
        green.processElement("after", 150);
        green.processWatermark(300);
        assertThat(green.extractOutputValues()).isEmpty();
        assertThat(watermarks(green)).as("held back below the held record").containsExactly(149L);

        channel.send(PROPOSE_100.commit());
        green.setProcessingTime(100);

        assertThat(green.extractOutputStreamRecords())
                .extracting(StreamRecord::getValue, StreamRecord::getTimestamp)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("after", 150L));
        assertThat(watermarks(green)).containsExactly(149L, 300L);
    }

    @Test
    void blueStopsPassingAtTheCommittedCutover() throws Exception {
        channel.send(PROPOSE_100.commit());
        OneInputStreamOperatorTestHarness<String, String> blue =
                opened(options(Color.BLUE).build());

        blue.processElement("old", 99);
        blue.processElement("new", 100);

        assertThat(blue.extractOutputValues()).containsExactly("old");
    }

    @Test
    void anIdleSubtaskReportsFromTimersAndCountsAsDrainedAfterTheCommit() throws Exception {
        channel.send(PROPOSE_100.commit());
        OneInputStreamOperatorTestHarness<String, String> blue =
                opened(options(Color.BLUE).build());

        for (long now = 100; now <= 400; now += 100) {
            blue.setProcessingTime(now);
        }
        GateReport beforeTimeout = channel.reports(Color.BLUE).get(0);
        assertThat(beforeTimeout.at()).isEqualTo(400);
        assertThat(beforeTimeout.idle()).isFalse();

        blue.setProcessingTime(500);

        GateReport report = channel.reports(Color.BLUE).get(0);
        assertThat(report.idle()).isTrue();
        assertThat(report.drained()).isTrue();
        assertThat(report.stage()).contains(Stage.COMMITTED);
    }

    @Test
    void exposesTheReportAsGauges() throws Exception {
        OneInputStreamOperatorTestHarness<String, String> blue =
                opened(options(Color.BLUE).build());
        blue.processElement("a", 42);
        blue.processWatermark(40);

        blue.setProcessingTime(100);

        GateReport published = channel.reports(Color.BLUE).get(0);
        assertThat(GateReport.parse((String) metrics.gauge("bluegreenGate.report")))
                .isEqualTo(published);
        assertThat(metrics.gauge("bluegreenGate.color")).isEqualTo("BLUE");
        assertThat(metrics.gauge("bluegreenGate.passed")).isEqualTo(1L);
        assertThat(metrics.gauge("bluegreenGate.watermark")).isEqualTo(40L);
        assertThat(metrics.gauge("bluegreenGate.maxTimestamp")).isEqualTo(42L);
        assertThat(metrics.gauge("bluegreenGate.stage")).isEqualTo("NONE");
        assertThat(metrics.gauge("bluegreenGate.idle")).isEqualTo(0L);
        assertThat(metrics.gauge("bluegreenGate.channelError")).isEqualTo("");
    }

    @Test
    void channelErrorGaugeShowsWhyTheChannelFailed() {
        var group = new RecordingMetricGroup();
        String[] error = {""};
        GateReport report = GateReport.builder(Color.BLUE, 0, 1).build();
        GateMetrics.register(group.task().getOrAddOperator("gate"), () -> report, () -> error[0]);

        error[0] = "configmap shop/orders-gate: data.command: missing";

        assertThat(group.gauge("bluegreenGate.channelError"))
                .isEqualTo("configmap shop/orders-gate: data.command: missing");
    }

    @Test
    void heldRecordsAndTheArmedProposalSurviveARestore() throws Exception {
        channel.send(PROPOSE_100);
        OneInputStreamOperatorTestHarness<String, String> before =
                opened(options(Color.GREEN).build());
        before.processElement("held", 150);
        OperatorSubtaskState snapshot = before.snapshot(1, 1);

        channel.send(PROPOSE_100.commit());
        OneInputStreamOperatorTestHarness<String, String> after =
                harness(options(Color.GREEN).build());
        after.setProcessingTime(0);
        after.initializeState(snapshot);
        after.open();

        assertThat(after.extractOutputValues()).containsExactly("held");
    }

    @Test
    void heldRecordsAndTheArmedProposalSurviveRescaling() throws Exception {
        // Given two armed green subtasks, each holding one record
        channel.send(PROPOSE_100);
        List<OperatorSubtaskState> before = new ArrayList<>();
        for (int subtask = 0; subtask < 2; subtask++) {
            OneInputStreamOperatorTestHarness<String, String> old =
                    harness(options(Color.GREEN).build(), 2, subtask);
            old.setProcessingTime(0);
            old.open();
            old.processElement("held-by-" + subtask, 150 + subtask);
            before.add(old.snapshot(1, 1));
        }
        OperatorSubtaskState both =
                OneInputStreamOperatorTestHarness.repackageState(
                        before.toArray(new OperatorSubtaskState[0]));

        // When the job restarts with three subtasks and every one is still armed
        List<String> released = new ArrayList<>();
        List<OneInputStreamOperatorTestHarness<String, String>> after = new ArrayList<>();
        for (int subtask = 0; subtask < 3; subtask++) {
            OneInputStreamOperatorTestHarness<String, String> restored =
                    harness(options(Color.GREEN).build(), 3, subtask);
            restored.setProcessingTime(0);
            restored.initializeState(
                    OneInputStreamOperatorTestHarness.repartitionOperatorState(
                            both, MAX_PARALLELISM, 2, 3, subtask));
            restored.open();
            assertThat(restored.extractOutputValues()).isEmpty();
            restored.processElement("new-" + subtask, 170);
            after.add(restored);
        }
        channel.send(PROPOSE_100.commit());
        for (OneInputStreamOperatorTestHarness<String, String> restored : after) {
            restored.setProcessingTime(100);
            released.addAll(restored.extractOutputValues());
        }

        // Then the commit releases every held record exactly once
        assertThat(released)
                .containsExactlyInAnyOrder("held-by-0", "held-by-1", "new-0", "new-1", "new-2");
    }

    @Test
    void aPassThroughGateEmitsRecordsHeldByAnEarlierRunOnce() throws Exception {
        channel.send(PROPOSE_100);
        OneInputStreamOperatorTestHarness<String, String> coloured =
                opened(options(Color.GREEN).build());
        coloured.processElement("held", 150);
        OperatorSubtaskState withHeld = coloured.snapshot(1, 1);

        OneInputStreamOperatorTestHarness<String, String> plain =
                harness(GateOptions.<String>builder().build());
        plain.initializeState(withHeld);
        plain.open();
        OperatorSubtaskState afterPlain = plain.snapshot(2, 2);
        OneInputStreamOperatorTestHarness<String, String> plainAgain =
                harness(GateOptions.<String>builder().build());
        plainAgain.initializeState(afterPlain);
        plainAgain.open();

        assertThat(plain.extractOutputValues()).containsExactly("held");
        assertThat(plainAgain.extractOutputValues()).isEmpty();
    }

    @Test
    void usesTheExtractorInsteadOfTheRecordTimestamp() throws Exception {
        channel.send(PROPOSE_100.commit());
        OneInputStreamOperatorTestHarness<String, String> green =
                opened(options(Color.GREEN).extractor(value -> Long.parseLong(value)).build());

        green.processElement("150", 1);
        green.processElement("50", 1_000);

        assertThat(green.extractOutputValues()).containsExactly("150");
    }

    @Test
    void aRecordWithoutATimestampFailsWithAMessageThatSaysWhatToDo() throws Exception {
        OneInputStreamOperatorTestHarness<String, String> blue =
                opened(options(Color.BLUE).build());

        assertThatThrownBy(() -> blue.processElement(new StreamRecord<>("no time")))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("assign timestamps and watermarks");
    }
}
