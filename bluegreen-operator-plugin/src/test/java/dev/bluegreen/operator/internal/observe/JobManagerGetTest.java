package dev.bluegreen.operator.internal.observe;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.net.URI;

import static org.assertj.core.api.Assertions.assertThat;

class JobManagerGetTest {

    @ParameterizedTest(name = "{0} + {1} = {2}")
    @CsvSource({
        "http://orders-blue-rest.ns:8081, /jobs/j1, http://orders-blue-rest.ns:8081/jobs/j1",
        "http://orders-blue-rest.ns:8081/, /jobs/j1, http://orders-blue-rest.ns:8081/jobs/j1",
        "http://127.0.0.1:8001/api/v1/namespaces/ns/services/orders-blue-rest:8081/proxy,"
                + " /jobs/j1/metrics?get=numRestarts,"
                + " http://127.0.0.1:8001/api/v1/namespaces/ns/services/orders-blue-rest:8081/proxy/jobs/j1/metrics?get=numRestarts",
        "http://127.0.0.1:8001/api/v1/namespaces/ns/services/orders-blue-rest:8081/proxy/,"
                + " /jobs/j1/checkpoints,"
                + " http://127.0.0.1:8001/api/v1/namespaces/ns/services/orders-blue-rest:8081/proxy/jobs/j1/checkpoints",
    })
    void keepsThePathOfTheRestAddressWhenAppendingTheRequestPath(
            String rest, String path, String expected) {
        assertThat(JobManagerGet.under(URI.create(rest), path)).hasToString(expected);
    }
}
