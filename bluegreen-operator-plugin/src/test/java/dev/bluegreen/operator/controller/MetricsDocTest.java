package dev.bluegreen.operator.controller;

import dev.bluegreen.operator.resource.ProjectFiles;

import io.micrometer.core.instrument.composite.CompositeMeterRegistry;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The table of the controller's meters in docs/controller.md is what Prometheus scrapes after
 * {@link BlueGreenMetrics} recorded a blue→green change (names, types, labels and help texts as
 * exported). Run with {@code -Dbluegreen.docs.update=true} to regenerate it.
 */
class MetricsDocTest {
    static final String BEGIN = "<!-- BEGIN generated meters (MetricsDocTest) -->";
    static final String END = "<!-- END generated meters -->";
    static final Pattern SAMPLE = Pattern.compile("^([a-zA-Z_:][a-zA-Z0-9_:]*)(\\{(.*)\\})? ");
    static final Pattern LABEL = Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)=\"");

    record Family(String type, String help, Set<String> samples, Set<String> labels) {}

    static String table() {
        StringBuilder out = new StringBuilder();
        out.append("| Prometheus name | Type | Labels | Series | What it measures |\n");
        out.append("|---|---|---|---|---|\n");
        families(scrapeOfAChange())
                .forEach(
                        (name, f) ->
                                out.append(
                                        String.format(
                                                "| `%s` | %s | %s | %s | %s |%n",
                                                name,
                                                f.type(),
                                                f.labels().isEmpty()
                                                        ? "–"
                                                        : "`"
                                                                + String.join("`, `", f.labels())
                                                                + "`",
                                                "`" + String.join("`, `", f.samples()) + "`",
                                                f.help())));
        return out.toString();
    }

    /** The metric families of a scrape in the 0.0.4 text format, by name, sorted. */
    static Map<String, Family> families(String scrape) {
        Map<String, Family> families = new java.util.TreeMap<>();
        Map<String, String> help = new LinkedHashMap<>();
        String current = null;
        for (String line : scrape.split("\n")) {
            if (line.startsWith("# HELP ")) {
                String[] parts = line.substring(7).split(" ", 2);
                help.put(parts[0], parts.length > 1 ? parts[1] : "");
            } else if (line.startsWith("# TYPE ")) {
                String[] parts = line.substring(7).split(" ", 2);
                current = parts[0];
                families.put(
                        current,
                        new Family(parts[1], help.get(current), new TreeSet<>(), new TreeSet<>()));
            } else if (!line.isBlank() && current != null) {
                Matcher sample = SAMPLE.matcher(line);
                assertThat(sample.find()).as("sample line %s", line).isTrue();
                Family family = families.get(current);
                family.samples().add(sample.group(1));
                if (sample.group(3) != null) {
                    Matcher label = LABEL.matcher(sample.group(3));
                    while (label.find()) {
                        if (!label.group(1).equals("le")) {
                            family.labels().add(label.group(1));
                        }
                    }
                }
            }
        }
        return families;
    }

    @Test
    void theMeterTableIsGeneratedFromTheExportedMeters() throws IOException {
        Path doc = ProjectFiles.root().resolve("docs/controller.md");
        String text = Files.readString(doc);
        int from = text.indexOf(BEGIN);
        int to = text.indexOf(END);
        assertThat(from).as("marker %s in docs/controller.md", BEGIN).isNotNegative();
        assertThat(to).as("marker %s", END).isGreaterThan(from);
        String expected = text.substring(0, from) + BEGIN + "\n" + table() + text.substring(to);
        if (Boolean.getBoolean("bluegreen.docs.update")) {
            Files.writeString(doc, expected);
        }
        assertThat(Files.readString(doc))
                .as("docs/controller.md meters are stale: rerun with -Dbluegreen.docs.update=true")
                .isEqualTo(expected);
    }

    @Test
    void exportedNamesFollowPrometheusConventions() {
        var families = families(scrapeOfAChange());

        assertThat(families)
                .containsKeys(
                        "bluegreen_transitions_total",
                        "bluegreen_failures_total",
                        "bluegreen_phase_duration_seconds",
                        "bluegreen_transition_duration_seconds",
                        "bluegreen_parent_state",
                        "bluegreen_transitions_in_flight");
        families.forEach(
                (name, f) -> {
                    if (f.type().equals("counter")) {
                        assertThat(name).endsWith("_total");
                    }
                    if (f.type().equals("summary") || f.type().equals("histogram")) {
                        assertThat(name).endsWith("_seconds");
                    }
                });
        assertThat(families.get("bluegreen_parent_state").labels())
                .containsExactly("name", "namespace", "state");
    }

    /** The scrape of a Prometheus registry, a child of a composite (as in the processes). */
    static String scrapeOfAChange() {
        var composite = new CompositeMeterRegistry();
        var prometheus = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        composite.add(prometheus);
        new MeterScenario(new BlueGreenMetrics(composite, new ParentMemory()), "ns", "orders")
                .blueToGreen();
        return prometheus.scrape();
    }
}
