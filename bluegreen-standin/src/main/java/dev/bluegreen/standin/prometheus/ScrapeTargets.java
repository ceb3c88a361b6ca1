package dev.bluegreen.standin.prometheus;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the server scrapes: its configuration file ({@code scrape_interval} 1 s, one scrape job
 * {@code flink} whose targets come from a file) and that targets file, in Prometheus' {@code
 * file_sd} format: {@code [{"targets": ["host:port", ...], "labels": {...}}]}. The labels are added
 * to every series scraped from those targets, as a Kubernetes scrape config adds {@code namespace}
 * and {@code pod}. Pure; not thread-safe.
 */
final class ScrapeTargets {
    /** The scrape interval, also the evaluation interval. */
    static final String INTERVAL = "1s";

    private static final ObjectMapper JSON = new ObjectMapper();

    private final List<Map<String, Object>> groups = new ArrayList<>();

    /**
     * The server's configuration: scrape and evaluate every {@value #INTERVAL} (the scrape timeout
     * defaults to the interval; a larger one is refused), the {@code flink} job reading its targets
     * from {@code targetsFile}, re-read when it changes and at least every second.
     */
    static String configuration(Path targetsFile) {
        return String.join(
                "\n",
                "global:",
                "  scrape_interval: " + INTERVAL,
                "  evaluation_interval: " + INTERVAL,
                "scrape_configs:",
                "  - job_name: flink",
                "    file_sd_configs:",
                "      - files: [" + quoted(targetsFile.toAbsolutePath().toString()) + "]",
                "        refresh_interval: " + INTERVAL,
                "");
    }

    /** Adds one group of {@code host:port} targets with {@code labels} (may be empty). */
    void add(List<String> targets, Map<String, String> labels) {
        Map<String, Object> group = new LinkedHashMap<>();
        group.put("targets", List.copyOf(targets));
        group.put("labels", Map.copyOf(labels));
        groups.add(group);
    }

    /** The {@code file_sd} document of all groups added so far. */
    String json() {
        try {
            return JSON.writeValueAsString(groups);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("targets of strings cannot fail to serialize", e);
        }
    }

    /** {@code host:port} targets for every port from {@code first} to {@code last}, inclusive. */
    static List<String> loopbackPorts(int first, int last) {
        List<String> targets = new ArrayList<>();
        for (int port = first; port <= last; port++) {
            targets.add("127.0.0.1:" + port);
        }
        return targets;
    }

    private static String quoted(String text) {
        return "'" + text.replace("'", "''") + "'";
    }
}
