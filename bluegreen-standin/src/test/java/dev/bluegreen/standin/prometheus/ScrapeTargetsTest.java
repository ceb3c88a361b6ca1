package dev.bluegreen.standin.prometheus;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class ScrapeTargetsTest {

    @Test
    void configurationScrapesEverySecondFromTheTargetsFile() {
        String config = ScrapeTargets.configuration(Path.of("/tmp/p/targets.json"));

        assertThat(config)
                .contains("scrape_interval: 1s")
                .contains("job_name: flink")
                .contains("files: ['/tmp/p/targets.json']")
                .doesNotContain("scrape_timeout");
    }

    @Test
    void quoteInThePathIsEscapedForYaml() {
        assertThat(ScrapeTargets.configuration(Path.of("/tmp/it's/targets.json")))
                .contains("files: ['/tmp/it''s/targets.json']");
    }

    @Test
    void targetsFileListsEachGroupWithItsLabels() {
        var targets = new ScrapeTargets();
        targets.add(List.of("127.0.0.1:9250"), Map.of());
        targets.add(List.of("127.0.0.1:9251"), Map.of("pod", "orders-green-tm"));

        assertThat(targets.json())
                .isEqualTo(
                        "[{\"targets\":[\"127.0.0.1:9250\"],\"labels\":{}},"
                                + "{\"targets\":[\"127.0.0.1:9251\"],\"labels\":{\"pod\":\"orders-green-tm\"}}]");
    }

    @Test
    void portRangeIsInclusive() {
        assertThat(ScrapeTargets.loopbackPorts(9250, 9252))
                .containsExactly("127.0.0.1:9250", "127.0.0.1:9251", "127.0.0.1:9252");
    }

    @Test
    void sampleValuesIncludeInfinitiesAndNaN() {
        assertThat(Sample.parseValue("+Inf")).isEqualTo(Double.POSITIVE_INFINITY);
        assertThat(Sample.parseValue("-Inf")).isEqualTo(Double.NEGATIVE_INFINITY);
        assertThat(Sample.parseValue("NaN")).isNaN();
        assertThat(Sample.parseValue("0.25")).isEqualTo(0.25);
    }
}
