package dev.bluegreen.gate.bench;

import dev.bluegreen.gate.channel.InMemoryGateChannel;
import dev.bluegreen.gate.flink.GateOperator;
import dev.bluegreen.gate.flink.GateOptions;
import dev.bluegreen.gate.rule.Color;
import dev.bluegreen.gate.rule.GateCommand;
import dev.bluegreen.gate.rule.GateReport;
import dev.bluegreen.gate.rule.Handback;
import dev.bluegreen.gate.rule.KeepProgress;
import dev.bluegreen.gate.rule.KeepWindow;

import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.streaming.api.watermark.Watermark;
import org.apache.flink.streaming.util.OneInputStreamOperatorTestHarness;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;

/**
 * Measures the keep window's cost at steady input (docs/performance.md, "Keep window"): blue's and
 * green's real {@link GateOperator}s in Flink's operator test harness, fed the same records on one
 * simulated clock, checkpointed on a fixed interval, with a controller loop that schedules release
 * bounds and forget frontiers with the plugin's own rules ({@link Handback}). Prints, per 10 s of
 * simulated time, blue's kept records and their serialized bytes (as its gate measures them at each
 * snapshot), blue's whole operator state, and green's release delay (from a record's arrival to
 * green passing it on).
 *
 * <p>Arguments (all optional): {@code --rate} records/s (2000), {@code --checkpoint-ms} (2000),
 * {@code --seconds} simulated (120), {@code --lead} checkpoints (3), {@code --out-of-order-ms}
 * (500: the watermark trails the largest event time by this), {@code --controller-ms} (1000),
 * {@code --complete-ms} from a barrier to its completion (200). Single-threaded.
 */
public final class KeepWindowStateProgram {
    private static final long START = 1_767_225_600_000L; // 2026-01-01T00:00:00Z
    private static final long CUTOVER_AFTER_MS = 10_000;

    private final Settings settings;
    private final InMemoryGateChannel channel = InMemoryGateChannel.named("keep-window-state");
    private final Random random = new Random(42);
    private final ArrayDeque<Long> arrivals = new ArrayDeque<>();
    private final Samples samples = new Samples();
    private OneInputStreamOperatorTestHarness<String, String> blue;
    private OneInputStreamOperatorTestHarness<String, String> green;
    private GateCommand command;
    private long maxEventTime = Long.MIN_VALUE;
    private long greenReleased;
    private long checkpoint;

    private KeepWindowStateProgram(Settings settings) {
        this.settings = settings;
    }

    /**
     * Runs the measurement and prints the table.
     *
     * @param args see the class comment
     * @throws Exception when a harness fails
     */
    public static void main(String[] args) throws Exception {
        new KeepWindowStateProgram(Settings.parse(args)).run();
    }

    private void run() throws Exception {
        System.out.println(settings);
        blue = harness(Color.BLUE);
        green = harness(Color.GREEN);
        command =
                GateCommand.propose(1, START + CUTOVER_AFTER_MS)
                        .withWindow(
                                KeepWindow.keptBy(Color.BLUE).withForget(START + CUTOVER_AFTER_MS))
                        .commit();
        channel.send(command);
        System.out.println(Samples.HEADER);
        for (long ms = 0; ms <= settings.seconds * 1000; ms++) {
            step(ms);
        }
        System.out.println(samples.summary(CUTOVER_AFTER_MS + 20_000));
        blue.close();
        green.close();
        InMemoryGateChannel.remove(channel.name());
    }

    private OneInputStreamOperatorTestHarness<String, String> harness(Color color)
            throws Exception {
        GateOptions<String> options =
                GateOptions.<String>builder()
                        .color(color)
                        .channel(channel.name())
                        .allowedLateness(Duration.ZERO)
                        .reportInterval(Duration.ofMillis(200))
                        .build();
        OneInputStreamOperatorTestHarness<String, String> harness =
                new OneInputStreamOperatorTestHarness<>(new GateOperator<>(options, Types.STRING));
        harness.setProcessingTime(START);
        harness.open();
        return harness;
    }

    /** One simulated millisecond. */
    private void step(long ms) throws Exception {
        long now = START + ms;
        feed(now, ms);
        if (ms % 200 == 0) {
            watermark();
            blue.setProcessingTime(now);
            green.setProcessingTime(now);
        }
        if (ms > 0 && ms % settings.checkpointMs == 0) {
            barrier();
        }
        if (checkpoint > 0 && ms % settings.checkpointMs == settings.completeMs) {
            blue.notifyOfCompletedCheckpoint(checkpoint);
            green.notifyOfCompletedCheckpoint(checkpoint);
        }
        if (ms % settings.controllerMs == settings.controllerMs / 2) {
            control();
        }
        collectGreen(now);
        if (ms > 0 && ms % 10_000 == 0) {
            samples.print(ms, blueKeeping(), greenLag(now));
        }
    }

    private void feed(long now, long ms) throws Exception {
        long due = ms * settings.rate / 1000;
        long before = (ms - 1) * settings.rate / 1000;
        for (long id = Math.max(before, 0); id < due; id++) {
            long eventTime = now - random.nextInt((int) settings.outOfOrderMs + 1);
            String line = id + ",key-" + (id % 8) + "," + eventTime + "," + (id / 8) + ",v1";
            blue.processElement(line, eventTime);
            green.processElement(line, eventTime);
            maxEventTime = Math.max(maxEventTime, eventTime);
            if (eventTime >= START + CUTOVER_AFTER_MS) {
                arrivals.add(now);
            }
        }
    }

    private void watermark() throws Exception {
        if (maxEventTime != Long.MIN_VALUE) {
            Watermark watermark = new Watermark(maxEventTime - settings.outOfOrderMs - 1);
            blue.processWatermark(watermark);
            green.processWatermark(watermark);
        }
    }

    /** A checkpoint as a task takes it: the pre-barrier hook, then the snapshot. */
    private void barrier() throws Exception {
        checkpoint++;
        blue.prepareSnapshotPreBarrier(checkpoint);
        long blueState = blue.snapshot(checkpoint, checkpoint).getStateSize();
        green.prepareSnapshotPreBarrier(checkpoint);
        green.snapshot(checkpoint, checkpoint);
        samples.blueState(blueState);
    }

    /** What the controller does each interval: confirm, extend, forget (KeepWindows' rules). */
    private void control() {
        List<GateReport> reports = channel.reports(Color.GREEN);
        KeepWindow window = command.window();
        KeepWindow next = Handback.confirm(window, reports, 1);
        next = Handback.extend(next, reports, 1, settings.lead);
        next = next.withForget(Handback.committedFrontier(next, reports, 1));
        if (!next.equals(window)) {
            command = command.withWindow(next);
            channel.send(command);
        }
    }

    /** Green's new outputs: they left in arrival order of the records it owns below its bound. */
    private void collectGreen(long now) {
        int released = green.getOutput().size();
        // the harness's output queue also holds watermarks; count only records
        long records = green.getOutput().stream().filter(o -> !(o instanceof Watermark)).count();
        for (long i = greenReleased; i < records && !arrivals.isEmpty(); i++) {
            samples.released(now - arrivals.poll());
        }
        greenReleased = records;
        if (released > 100_000) {
            green.getOutput().clear();
            greenReleased = 0;
        }
    }

    private KeepProgress blueKeeping() {
        return channel.reports(Color.BLUE).get(0).keeping();
    }

    private long greenLag(long now) {
        return arrivals.isEmpty() ? 0 : now - arrivals.peek();
    }

    /** The program's arguments. Immutable. */
    static final class Settings {
        final long rate;
        final long checkpointMs;
        final long seconds;
        final int lead;
        final long outOfOrderMs;
        final long controllerMs;
        final long completeMs;

        private Settings(List<String> args) {
            rate = value(args, "--rate", 2000);
            checkpointMs = value(args, "--checkpoint-ms", 2000);
            seconds = value(args, "--seconds", 120);
            lead = (int) value(args, "--lead", 3);
            outOfOrderMs = value(args, "--out-of-order-ms", 500);
            controllerMs = value(args, "--controller-ms", 1000);
            completeMs = value(args, "--complete-ms", 200);
        }

        static Settings parse(String[] args) {
            return new Settings(Arrays.asList(args));
        }

        private static long value(List<String> args, String flag, long otherwise) {
            int i = args.indexOf(flag);
            return i < 0 || i + 1 >= args.size() ? otherwise : Long.parseLong(args.get(i + 1));
        }

        @Override
        public String toString() {
            return String.format(
                    Locale.ROOT,
                    "rate %d records/s, checkpoints every %d ms (completed %d ms after the"
                            + " barrier), lead %d, watermark %d ms behind, controller every %d ms,"
                            + " %d s simulated, cutover at %d s",
                    rate,
                    checkpointMs,
                    completeMs,
                    lead,
                    outOfOrderMs,
                    controllerMs,
                    seconds,
                    CUTOVER_AFTER_MS / 1000);
        }
    }
}
