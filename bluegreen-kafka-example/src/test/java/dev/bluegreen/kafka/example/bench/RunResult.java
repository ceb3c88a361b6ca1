package dev.bluegreen.kafka.example.bench;

import dev.bluegreen.example.EventGenerator;
import dev.bluegreen.example.OutputAudit;
import dev.bluegreen.kafka.example.bench.HandoverMeasurement.Phase;

import java.util.Locale;

/**
 * Benchmark support: what one run of {@link KafkaHandoverLatencyBenchmark} measured, printed as a
 * line and as a markdown table row. Stalls "around the handover" end between green's start and two
 * checkpoint intervals after blue's retirement; "around the cutover" from the commit on.
 *
 * @param run run number
 * @param retire how blue was retired: {@code savepoint} or {@code cancel}
 * @param sent records the feeder sent
 * @param audit the read_committed audit of the output after both jobs stopped
 * @param overlapMs green submitted → blue retired, ms
 * @param proposals proposals until every subtask armed (more than 1: conflicts)
 * @param cutover the committed cutover (event time)
 * @param checkpointMs the checkpoint interval of both jobs
 * @param measurement latency and stalls
 * @param blueCheckpointMs blue's checkpoint duration {@code [average, max]} before retirement
 * @param greenCheckpointMs green's checkpoint duration {@code [average, max]} at the end
 * @param restarts restarts of both jobs (0: nobody was fenced)
 */
record RunResult(
        int run,
        String retire,
        long sent,
        OutputAudit.Audit audit,
        long overlapMs,
        int proposals,
        long cutover,
        long checkpointMs,
        HandoverMeasurement measurement,
        long[] blueCheckpointMs,
        long[] greenCheckpointMs,
        int restarts) {

    /** One line with every number of the run. */
    String line() {
        long[] all = measurement.longestStall(null);
        long[] handover = measurement.longestStallAroundHandover(2 * checkpointMs);
        long[] cut = measurement.longestStallAroundCutover(2 * checkpointMs);
        return String.format(
                Locale.ROOT,
                "run %d retire=%s sent=%d out=%d duplicates=%d lost=%d byVersion=%s overlap=%dms"
                        + " proposals=%d cutover=epoch+%dms latency(p50/p99/max) blueAlone=%s"
                        + " overlap=%s greenAlone=%s longestStall: run=%dms (%s .. %s)"
                        + " handover=%dms (%s .. %s) cutover=%dms (%s .. %s)"
                        + " longestGap blueAlone=%dms greenAlone=%dms"
                        + " checkpointMs(avg/max) blue=%d/%d green=%d/%d restarts=%d",
                run,
                retire,
                sent,
                audit.recordsOut(),
                audit.duplicates(),
                audit.lost(),
                audit.outByVersion(),
                overlapMs,
                proposals,
                cutover - EventGenerator.EPOCH_START_MS,
                triple(measurement.latency(Phase.BLUE_ALONE)),
                triple(measurement.latency(Phase.OVERLAP)),
                triple(measurement.latency(Phase.GREEN_ALONE)),
                all[0],
                measurement.where(all[1] - all[0]),
                measurement.where(all[1]),
                handover[0],
                measurement.where(handover[1] - handover[0]),
                measurement.where(handover[1]),
                cut[0],
                measurement.where(cut[1] - cut[0]),
                measurement.where(cut[1]),
                measurement.longestStall(Phase.BLUE_ALONE)[0],
                measurement.longestStall(Phase.GREEN_ALONE)[0],
                blueCheckpointMs[0],
                blueCheckpointMs[1],
                greenCheckpointMs[0],
                greenCheckpointMs[1],
                restarts);
    }

    static String tableHeader() {
        return "| Run | Retire blue by | Records | Dup / lost | Overlap | Latency p50/p99/max:"
                + " blue alone | overlap | green alone | Longest stall, handover (gap ends) |"
                + " Longest stall, commit → retired + 2 s | Longest gap blue alone / green alone |"
                + " Handover stall ≤ 1 interval? |\n"
                + "|---|---|---|---|---|---|---|---|---|---|---|---|";
    }

    String tableRow() {
        long[] handover = measurement.longestStallAroundHandover(2 * checkpointMs);
        long[] cut = measurement.longestStallAroundCutover(2 * checkpointMs);
        return String.format(
                Locale.ROOT,
                "| %d | %s | %d | %d / %d | %.1f s | %s ms | %s ms | %s ms | %d ms (%s) | %d ms |"
                        + " %d / %d ms | %s |",
                run,
                retire.equals("cancel") ? "cancel" : "stop-with-savepoint",
                sent,
                audit.duplicates(),
                audit.lost(),
                overlapMs / 1000.0,
                triple(measurement.latency(Phase.BLUE_ALONE)),
                triple(measurement.latency(Phase.OVERLAP)),
                triple(measurement.latency(Phase.GREEN_ALONE)),
                handover[0],
                measurement.where(handover[1]),
                cut[0],
                measurement.longestStall(Phase.BLUE_ALONE)[0],
                measurement.longestStall(Phase.GREEN_ALONE)[0],
                handover[0] <= checkpointMs ? "yes" : "no");
    }

    private static String triple(long[] values) {
        return values[0] + "/" + values[1] + "/" + values[2];
    }
}
