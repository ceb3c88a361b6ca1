package dev.bluegreen.gate.flink;

import dev.bluegreen.gate.channel.InMemoryGateChannel;
import dev.bluegreen.gate.rule.Color;
import dev.bluegreen.gate.rule.GateCommand;
import dev.bluegreen.gate.rule.GateReport;
import dev.bluegreen.gate.rule.KeepWindow;
import dev.bluegreen.gate.rule.ReleaseBounds;

import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.runtime.operators.testutils.MockEnvironmentBuilder;
import org.apache.flink.runtime.util.TestingTaskManagerRuntimeInfo;
import org.apache.flink.streaming.util.OneInputStreamOperatorTestHarness;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The keep window in Flink's operator test harness: the keeper keeps in state what it drops and
 * re-emits it on a cold hand-back, also after a restore; the colour at risk releases what it owns
 * only at barriers; completions are reported with the watermark of their barrier.
 */
class KeepWindowOperatorTest {
    private static final AtomicInteger CHANNELS = new AtomicInteger();
    private static final KeepWindow KEPT_BY_BLUE = KeepWindow.keptBy(Color.BLUE).withForget(100);
    private static final GateCommand COMMITTED_100 =
            GateCommand.propose(1, 100).withWindow(KEPT_BY_BLUE).commit();

    private final String channelName = "keep-window-" + CHANNELS.incrementAndGet();
    private final InMemoryGateChannel channel = InMemoryGateChannel.named(channelName);
    private final List<OneInputStreamOperatorTestHarness<String, String>> harnesses =
            new ArrayList<>();

    @AfterEach
    void closeHarnesses() throws Exception {
        for (OneInputStreamOperatorTestHarness<String, String> harness : harnesses) {
            harness.close();
        }
        InMemoryGateChannel.remove(channelName);
    }

    private OneInputStreamOperatorTestHarness<String, String> harness(
            Color color, Configuration configuration) throws Exception {
        GateOptions<String> options =
                GateOptions.<String>builder()
                        .color(color)
                        .channel(channelName)
                        .reportInterval(Duration.ofMillis(100))
                        .build();
        OneInputStreamOperatorTestHarness<String, String> harness =
                new OneInputStreamOperatorTestHarness<>(
                        new GateOperator<>(options, Types.STRING),
                        new MockEnvironmentBuilder()
                                .setTaskManagerRuntimeInfo(
                                        new TestingTaskManagerRuntimeInfo(configuration))
                                .build());
        harnesses.add(harness);
        harness.setProcessingTime(0);
        return harness;
    }

    private OneInputStreamOperatorTestHarness<String, String> opened(Color color) throws Exception {
        OneInputStreamOperatorTestHarness<String, String> harness =
                harness(color, new Configuration());
        harness.open();
        return harness;
    }

    /** A checkpoint as a task takes it: the pre-barrier hook, then the snapshot. */
    private static OperatorSubtaskState checkpoint(
            OneInputStreamOperatorTestHarness<String, String> harness, long id) throws Exception {
        harness.prepareSnapshotPreBarrier(id);
        return harness.snapshot(id, id);
    }

    private GateReport report(Color color) {
        return channel.reports(color).get(0);
    }

    @Test
    void theKeeperKeepsWhatItDropsInStateAndReEmitsItOnAColdHandBack() throws Exception {
        channel.send(COMMITTED_100);
        OneInputStreamOperatorTestHarness<String, String> blue = opened(Color.BLUE);
        blue.processElement("mine", 90);
        blue.processElement("green's-1", 120);
        blue.processElement("green's-2", 150);
        OperatorSubtaskState snapshot = checkpoint(blue, 1);
        blue.setProcessingTime(100);
        assertThat(blue.extractOutputValues()).containsExactly("mine");
        assertThat(report(Color.BLUE).keeping().kept()).isEqualTo(2);
        assertThat(report(Color.BLUE).keeping().keptBytes()).isPositive();

        // blue restarts from the checkpoint; meanwhile green died and the controller took the
        // output back from green's committed frontier 130
        channel.send(COMMITTED_100.handBack(Color.BLUE, 130));
        OneInputStreamOperatorTestHarness<String, String> restored =
                harness(Color.BLUE, new Configuration());
        restored.initializeState(snapshot);
        restored.open();

        assertThat(restored.extractOutputValues())
                .as("only what green had not committed")
                .containsExactly("green's-2");
        restored.processElement("after", 200);
        assertThat(restored.extractOutputValues()).containsExactly("green's-2", "after");
    }

    @Test
    void theColourAtRiskReleasesWhatItOwnsOnlyAtTheBarrierOfTheBoundsEntry() throws Exception {
        GateCommand withBound =
                COMMITTED_100.withWindow(KEPT_BY_BLUE.withBounds(ReleaseBounds.NONE.with(2, 160)));
        channel.send(withBound);
        OneInputStreamOperatorTestHarness<String, String> green = opened(Color.GREEN);
        green.processElement("early", 120);
        green.processElement("late", 170);
        checkpoint(green, 1);
        assertThat(green.extractOutputValues())
                .as("entry 2 is not in force at barrier 1")
                .isEmpty();

        checkpoint(green, 2);
        assertThat(green.extractOutputValues()).containsExactly("early");
        green.processElement("below", 130);
        assertThat(green.extractOutputValues()).containsExactly("early", "below");
    }

    @Test
    void aCompletedCheckpointIsReportedWithTheWatermarkOfItsBarrier() throws Exception {
        channel.send(COMMITTED_100);
        OneInputStreamOperatorTestHarness<String, String> green = opened(Color.GREEN);
        green.processWatermark(140);
        checkpoint(green, 7);
        green.processWatermark(190);
        green.notifyOfCompletedCheckpoint(7);
        green.setProcessingTime(100);

        GateReport report = report(Color.GREEN);
        assertThat(report.checkpoints().checkpoint()).isEqualTo(7);
        assertThat(report.checkpoints().committed()).isEqualTo(7);
        assertThat(report.checkpoints().committedWatermark())
                .as("the barrier's watermark, not the newer one")
                .isEqualTo(140);
    }

    @Test
    void theKeeperStopsKeepingAtItsRecordBoundAndCountsWhatItCouldNotKeep() throws Exception {
        Configuration configuration = new Configuration();
        configuration.set(GateConfigOptions.KEEP_MAX_RECORDS, 1);
        channel.send(COMMITTED_100);
        OneInputStreamOperatorTestHarness<String, String> blue = harness(Color.BLUE, configuration);
        blue.open();
        blue.processElement("kept", 120);
        blue.processElement("unkept", 150);
        blue.setProcessingTime(100);

        assertThat(report(Color.BLUE).keeping().stopped()).isEqualTo("records");
        assertThat(report(Color.BLUE).keeping().unkept()).isEqualTo(1);
        assertThat(report(Color.BLUE).keeping().unkeptFrom()).isEqualTo(150);

        channel.send(COMMITTED_100.handBack(Color.BLUE, 110));
        blue.setProcessingTime(200);
        assertThat(blue.extractOutputValues()).containsExactly("kept");
        assertThat(report(Color.BLUE).keeping().lost()).isEqualTo(1);
    }

    @Test
    void aKeepBoundThatIsNotPositiveFailsNamingItsKey() {
        Configuration configuration = new Configuration();
        configuration.set(GateConfigOptions.KEEP_MAX_RECORDS, 0);

        assertThatThrownBy(() -> harness(Color.BLUE, configuration).open())
                .hasMessageContaining("bluegreen.gate.keep.max-records");
    }
}
