package dev.bluegreen.operator.fake;

import dev.bluegreen.operator.fake.UpstreamSpecDiff.Type;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The fake operator's copy of upstream's spec diff, row by row. */
class UpstreamSpecDiffTest {
    static final ObjectMapper JSON = new ObjectMapper();

    static final String RUNNING =
            "{'image':'flink:1.20','flinkConfiguration':{'taskmanager.numberOfTaskSlots':'2',"
                    + "'kubernetes.operator.job.upgrade.last-state-fallback.enabled':'true'},"
                    + "'job':{'jarURI':'local:///app.jar','parallelism':2,"
                    + "'upgradeMode':'savepoint'}}";

    @SuppressWarnings("unchecked")
    static Map<String, Object> spec(String json) throws IOException {
        return JSON.readValue(json.replace('\'', '"'), Map.class);
    }

    /**
     * {@code RUNNING} with the field at {@code path} (field names joined by {@code /}, a {@code /}
     * inside a name written {@code ~1}) set to {@code value}, or removed when it is null.
     */
    static Map<String, Object> edited(String path, Object value) throws IOException {
        var tree = (com.fasterxml.jackson.databind.node.ObjectNode) JSON.valueToTree(spec(RUNNING));
        var node = tree;
        String[] fields = path.split("/");
        for (int i = 0; i < fields.length; i++) {
            fields[i] = fields[i].replace("~1", "/");
        }
        for (int i = 0; i < fields.length - 1; i++) {
            node = node.withObjectProperty(fields[i]);
        }
        String last = fields[fields.length - 1];
        if (value == null) {
            node.remove(last);
        } else {
            node.set(last, JSON.valueToTree(value));
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> map = JSON.convertValue(tree, Map.class);
        return map;
    }

    @ParameterizedTest(name = "{0} = {1}: {2}")
    @CsvSource(
            delimiter = '|',
            value = {
                "flinkConfiguration/bluegreen.color | BLUE | UPGRADE",
                "flinkConfiguration/taskmanager.numberOfTaskSlots | 4 | UPGRADE",
                "flinkConfiguration/job.autoscaler.enabled | true | IGNORE",
                "flinkConfiguration/parallelism.default | 4 | IGNORE",
                "flinkConfiguration/kubernetes.operator.periodic.savepoint.interval | 1 h | IGNORE",
                "flinkConfiguration/pipeline.jobvertex-parallelism-overrides | a:4 | SCALE",
                "podTemplate/metadata/labels/bluegreen.dev~1color | blue | UPGRADE",
                "taskManager/podTemplate/metadata/labels/team | data | UPGRADE",
                "job/upgradeMode | last-state | IGNORE",
                "job/allowNonRestoredState | true | IGNORE",
                "job/initialSavepointPath | file:///sp | IGNORE",
                "job/savepointTriggerNonce | 7 | IGNORE",
                "job/checkpointTriggerNonce | 7 | IGNORE",
                "job/autoscalerResetNonce | 7 | IGNORE",
                "job/parallelism | 4 | UPGRADE",
                "job/args | x | UPGRADE",
                "image | flink:v2 | UPGRADE",
                "restartNonce | 3 | UPGRADE",
                "ingress/template | x.example.com | UPGRADE",
            })
    void classifiesEachRow(String path, String value, Type type) throws IOException {
        var after = edited(path, value);

        assertThat(UpstreamSpecDiff.classify(spec(RUNNING), after)).isEqualTo(type);
    }

    @Test
    void removingARestartNonceIsIgnoredAsUpstreamsOnNullIgnore() throws IOException {
        var withNonce = edited("restartNonce", 3);

        assertThat(UpstreamSpecDiff.classify(withNonce, spec(RUNNING))).isEqualTo(Type.IGNORE);
        assertThat(UpstreamSpecDiff.classify(spec(RUNNING), withNonce)).isEqualTo(Type.UPGRADE);
    }

    @Test
    void theSameSpecIsNoChangeAndConfigurationValuesCompareAsText() throws IOException {
        var numeric = edited("flinkConfiguration/taskmanager.numberOfTaskSlots", 2);

        assertThat(UpstreamSpecDiff.changes(spec(RUNNING), spec(RUNNING))).isEmpty();
        assertThat(UpstreamSpecDiff.changes(spec(RUNNING), numeric)).isEmpty();
    }

    @Test
    void theHighestTypeOfAllChangesWins() throws IOException {
        var scaled = edited("flinkConfiguration/pipeline.jobvertex-parallelism-overrides", "a:4");
        scaled.put("restartNonce", null);
        @SuppressWarnings("unchecked")
        var config = (Map<String, Object>) scaled.get("flinkConfiguration");
        config.put("parallelism.default", "4");

        assertThat(UpstreamSpecDiff.changes(spec(RUNNING), scaled))
                .containsExactly(
                        Map.entry("flinkConfiguration[parallelism.default]", Type.IGNORE),
                        Map.entry(
                                "flinkConfiguration[pipeline.jobvertex-parallelism-overrides]",
                                Type.SCALE));
        assertThat(UpstreamSpecDiff.classify(spec(RUNNING), scaled)).isEqualTo(Type.SCALE);

        config.put("bluegreen.color", "BLUE");
        assertThat(UpstreamSpecDiff.classify(spec(RUNNING), scaled)).isEqualTo(Type.UPGRADE);
    }
}
