package dev.bluegreen.demo.scenario;

import dev.bluegreen.demo.summary.AuditCounts;
import dev.bluegreen.demo.summary.VersionOutput;
import dev.bluegreen.example.OutputAudit;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** The audit counts of output lines, from the example job's or the Kafka job's output. Pure. */
final class OutputCounts {
    private OutputCounts() {}

    /**
     * Counts {@code lines}: records in, out, distinct, duplicates, lost, and per version what it
     * wrote.
     *
     * @param lines every output line of all jobs
     * @param recordsIn records fed to the jobs when the demo knows it (Kafka), else 0: then records
     *     in are the ids up to the largest written (the example job's source is contiguous)
     */
    static AuditCounts of(List<OutputAudit.Line> lines, long recordsIn) {
        OutputAudit.Audit audit = OutputAudit.of(lines);
        long expected = Math.max(audit.expected(), recordsIn);
        return new AuditCounts(
                expected,
                audit.recordsOut(),
                audit.distinct(),
                audit.duplicates(),
                expected - audit.distinct(),
                versions(lines));
    }

    /** What each version wrote, in version order. */
    private static List<VersionOutput> versions(List<OutputAudit.Line> lines) {
        Map<String, OutputProgress> byVersion = new TreeMap<>();
        for (OutputAudit.Line line : lines) {
            byVersion.merge(line.version(), OutputProgress.one(line.id()), OutputProgress::plus);
        }
        return byVersion.entrySet().stream()
                .map(
                        e ->
                                new VersionOutput(
                                        e.getKey(),
                                        e.getValue().lines(),
                                        e.getValue().minId(),
                                        e.getValue().maxId()))
                .toList();
    }
}
