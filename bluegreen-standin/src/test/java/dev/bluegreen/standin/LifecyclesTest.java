package dev.bluegreen.standin;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

/** The lifecycle rule, one row per branch of upstream's CommonStatus#getLifecycleState. */
class LifecyclesTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            nullValues = "-",
            value = {
                // case | reconciled | suspended | stable | recon state | job | jm | error |
                // expected
                "never deployed | - | false | - | UPGRADING | - | - | - | CREATED",
                "never deployed, error | - | false | - | UPGRADING | - | - | boom | FAILED",
                "upgrading | A | false | - | UPGRADING | RECONCILING | DEPLOYING | - | UPGRADING",
                "rolling back | A | false | - | ROLLING_BACK | RUNNING | READY | - | ROLLING_BACK",
                "suspended wins over failed job | A | true | A | DEPLOYED | FAILED | MISSING | - | SUSPENDED",
                "failed job | A | false | A | DEPLOYED | FAILED | READY | - | FAILED",
                "missing JM with manual restore error | A | false | - | DEPLOYED | RECONCILING | MISSING"
                        + " | x Manual restore required. | FAILED",
                "missing JM with other error | A | false | - | DEPLOYED | RECONCILING | MISSING | x"
                        + " | DEPLOYED",
                "ready JM with restore error | A | false | - | DEPLOYED | RUNNING | READY"
                        + " | Manual restore required. | DEPLOYED",
                "rolled back | A | false | A | ROLLED_BACK | RUNNING | READY | - | ROLLED_BACK",
                "stable | A | false | A | DEPLOYED | RUNNING | READY | - | STABLE",
                "deployed, not yet stable | B | false | A | DEPLOYED | RECONCILING | DEPLOYING | -"
                        + " | DEPLOYED",
                "deployed, never stable | A | false | - | DEPLOYED | RECONCILING | DEPLOYING | -"
                        + " | DEPLOYED",
            })
    void derivesTheLifecycleLikeUpstream(
            String name,
            String reconciled,
            boolean suspended,
            String stable,
            String reconciliationState,
            String jobState,
            String jobManager,
            String error,
            String expected) {
        assertThat(
                        Lifecycles.of(
                                reconciled,
                                suspended,
                                stable,
                                reconciliationState,
                                jobState,
                                jobManager,
                                error))
                .isEqualTo(expected);
    }
}
