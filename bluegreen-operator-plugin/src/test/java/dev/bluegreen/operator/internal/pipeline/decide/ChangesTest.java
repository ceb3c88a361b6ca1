package dev.bluegreen.operator.internal.pipeline.decide;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** bluegreen-diff's change kinds map onto bluegreen-core's one to one by name. */
class ChangesTest {

    @ParameterizedTest(name = "{0}")
    @EnumSource(dev.bluegreen.diff.ChangeKind.class)
    void everyDiffKindMapsToTheCoreKindOfTheSameName(dev.bluegreen.diff.ChangeKind kind) {
        assertThat(Changes.toCore(kind).name()).isEqualTo(kind.name());
    }

    @Test
    void anUnmappedKindFailsNamingIt() {
        assertThatThrownBy(() -> Changes.coreKind("REWRITE"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith(
                        "dev.bluegreen.diff.ChangeKind.REWRITE has no dev.bluegreen.core.ChangeKind"
                                + " of the same name");
        assertThatThrownBy(() -> Changes.toCore(null)).hasMessage("kind == null");
    }
}
