package dev.bluegreen.operator.internal.apply;

import io.fabric8.kubernetes.client.KubernetesClientException;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class WritesTest {

    static Runnable failing(int code) {
        return () -> {
            throw new KubernetesClientException("boom", code, null);
        };
    }

    @Test
    void conflictBecomesAWriteConflictNamingTheObject() {
        assertThatThrownBy(() -> Writes.guarded("FlinkDeployment orders-blue", failing(409)))
                .isInstanceOf(WriteConflictException.class)
                .hasMessageContaining("FlinkDeployment orders-blue")
                .hasCauseInstanceOf(KubernetesClientException.class);
    }

    @Test
    void otherErrorsPassThroughForJosdkRetry() {
        assertThatThrownBy(() -> Writes.guarded("x", failing(500)))
                .isInstanceOf(KubernetesClientException.class)
                .isNotInstanceOf(WriteConflictException.class);
    }

    @Test
    void successReturnsTheWrittenValue() {
        assertThat(Writes.guarded("x", () -> "written")).isEqualTo("written");
    }
}
