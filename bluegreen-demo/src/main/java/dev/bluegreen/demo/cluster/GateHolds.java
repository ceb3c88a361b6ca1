package dev.bluegreen.demo.cluster;

import dev.bluegreen.core.Color;
import dev.bluegreen.gate.rule.GateReport;
import dev.bluegreen.operator.internal.observe.ChildJob;
import dev.bluegreen.operator.internal.observe.JobManagerReports;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * What a child's gate holds back, read as the controller reads it: the {@code report} gauge of
 * every gate subtask through the child's real Flink REST API. A colour at risk in a keep window
 * holds the newest records it owns until a checkpoint barrier releases them; a stop-with-savepoint
 * then keeps them in the savepoint (they come out when the job resumes). Before it suspends a child
 * and audits the output, the demo waits until that child's gates hold nothing. Thread-safe.
 */
public final class GateHolds {
    private static final JobManagerReports REPORTS = new JobManagerReports(Duration.ofSeconds(2));

    private GateHolds() {}

    /**
     * Whether every gate subtask of the running child {@code child} reports, none holds a record
     * and none has a release bound in force (so none is at risk in a keep window).
     *
     * @param cluster the embedded cluster whose stand-in runs the child
     * @param child the child FlinkDeployment's name in {@link EmbeddedCluster#NAMESPACE}
     * @param color the child's colour
     * @return false while the child's job does not run, its gates do not all report, or one holds
     */
    public static boolean nothingHeld(EmbeddedCluster cluster, String child, Color color) {
        Optional<ChildJob> job = cluster.childJob(child, color);
        if (job.isEmpty()) {
            return false;
        }
        List<GateReport> reports;
        try {
            reports = REPORTS.read(job.get());
        } catch (RuntimeException unreachable) {
            return false; // asked again at the next poll
        }
        int parallelism = reports.stream().mapToInt(GateReport::parallelism).max().orElse(0);
        return parallelism > 0
                && reports.size() == parallelism
                && reports.stream().allMatch(r -> r.held() == 0)
                && reports.stream().allMatch(r -> r.checkpoints().bound() == Long.MIN_VALUE);
    }
}
