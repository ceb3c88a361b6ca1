package dev.bluegreen.operator.internal.spec;

import dev.bluegreen.ingress.IngressApiVersion;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

/** The parent Ingress API chosen from the server's {@code GET /version}. */
class IngressApiTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            nullValues = "null",
            value = {
                "1.18 is too old for v1,                1,      18,     v1.18.20,        NETWORKING_V1BETA1",
                "1.19 has v1,                           1,      19,     v1.19.0,         NETWORKING_V1",
                "1.16 is too old for v1,                1,      16,     v1.16.3,         NETWORKING_V1BETA1",
                "managed minor with a plus,             1,      27+,    v1.27.4-eks.1,   NETWORKING_V1",
                "managed old minor with a plus,         1,      18+,    v1.18.9-eks.1,   NETWORKING_V1BETA1",
                "only the git version of a new server,  null,   null,   v1.30.2-gke.1,   NETWORKING_V1",
                "only the git version of an old server, '',     '',     v1.17.1,         NETWORKING_V1BETA1",
                "git version without the v,             null,   null,   1.18.0,          NETWORKING_V1BETA1",
                "unparsable everything gives v1,        x,      y,      nonsense,        NETWORKING_V1",
                "nothing at all gives v1,               null,   null,   null,            NETWORKING_V1",
                "a future major gives v1,               2,      0,      v2.0.0,          NETWORKING_V1",
            })
    void choosesTheIngressApiFromTheServerVersion(
            String name, String major, String minor, String git, IngressApiVersion expected) {
        assertThat(IngressApi.forServer(major, minor, git)).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "NETWORKING_V1, networking.k8s.io/v1",
        "NETWORKING_V1BETA1, networking.k8s.io/v1beta1"
    })
    void modelClassMatchesTheApiVersion(IngressApiVersion version, String apiVersion)
            throws Exception {
        var ingress = IngressApi.ingressClass(version).getDeclaredConstructor().newInstance();
        assertThat(ingress.getApiVersion()).isEqualTo(apiVersion);
    }
}
