package dev.bluegreen.operator.internal.spec;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

class CapacityTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "replicas given | {\"jobManager\":{\"resource\":{\"cpu\":1,\"memory\":\"1g\"}},\"taskManager\":{\"replicas\":3,\"resource\":{\"cpu\":0.5,\"memory\":\"2048m\"}}} | 2500 | 7516192768",
                "from parallelism and slots | {\"flinkConfiguration\":{\"taskmanager.numberOfTaskSlots\":\"2\"},\"job\":{\"parallelism\":5},\"jobManager\":{\"resource\":{\"cpu\":1,\"memory\":\"1g\"}},\"taskManager\":{\"resource\":{\"cpu\":2,\"memory\":\"1g\"}}} | 7000 | 4294967296",
                "two jobmanagers | {\"jobManager\":{\"replicas\":2,\"resource\":{\"cpu\":0.25,\"memory\":\"512m\"}}} | 500 | 1073741824",
                "nothing requested | {\"image\":\"f\"} | 0 | 0",
            })
    void requestsOfAChild(String name, String spec, long cpuMillis, long memoryBytes) {
        assertThat(Capacity.requests(SpecJson.parse(spec, name)))
                .isEqualTo(new Capacity.Requests(cpuMillis, memoryBytes));
    }

    @Test
    void shortfallNamesWhatIsMissing() {
        var requests = new Capacity.Requests(2000, 4096);

        assertThat(Capacity.shortfall(requests, new Capacity.Headroom(null, null))).isEmpty();
        assertThat(Capacity.shortfall(requests, new Capacity.Headroom(2000L, 4096L))).isEmpty();
        assertThat(Capacity.shortfall(requests, new Capacity.Headroom(1500L, 1L)))
                .hasValue(
                        "needs 2000m CPU, ResourceQuota leaves 1500m; needs 4096 bytes of memory, ResourceQuota leaves 1");
    }
}
