package dev.bluegreen.operator.internal.observe;

import com.fasterxml.jackson.databind.JsonNode;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * The REST names of one gate's two gauges, its whole report and its channel's last error. The gate
 * operator's are fixed ({@link #OPERATOR}: it is named {@code BlueGreenGate}); a gate inside a
 * source (the Kafka source's position gate) registers them under the source reader, whose name is
 * the user's, so they are found by their suffix in the list of a subtask's metrics ({@link
 * #inList}). Immutable.
 *
 * @param report the whole-report gauge's id
 * @param channelError the channel-error gauge's id
 */
record GateGauges(String report, String channelError) {
    /** The metric group and gauge names every gate registers ({@code GateMetrics}). */
    static final String REPORT_SUFFIX = ".bluegreenGate.report";

    static final String CHANNEL_ERROR_SUFFIX = ".bluegreenGate.channelError";

    /** The gate operator's gauges. */
    static final GateGauges OPERATOR =
            new GateGauges(JobManagerReports.GAUGE, JobManagerReports.CHANNEL_ERROR_GAUGE);

    /** The metrics query of one subtask for both gauges, each id URL-encoded. */
    String query() {
        return "?get=" + encoded(report) + "," + encoded(channelError);
    }

    /**
     * The gauges of a gate found in a subtask's metric list ({@code GET .../subtasks/<i>/metrics},
     * an array of {@code {"id": ...}}), empty when the subtask has none.
     */
    static Optional<GateGauges> inList(JsonNode metrics) {
        for (JsonNode metric : metrics) {
            String id = metric.path("id").asText();
            if (id.endsWith(REPORT_SUFFIX)) {
                String prefix = id.substring(0, id.length() - REPORT_SUFFIX.length());
                return Optional.of(new GateGauges(id, prefix + CHANNEL_ERROR_SUFFIX));
            }
        }
        return Optional.empty();
    }

    private static String encoded(String id) {
        return URLEncoder.encode(id, StandardCharsets.UTF_8);
    }
}
