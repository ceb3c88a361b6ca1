package dev.bluegreen.gate;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZonedDateTime;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/**
 * The gate runs on users' job classpaths: it may depend on the JDK and Flink only. Its decision
 * core ({@code rule}) and the channel abstraction depend on the JDK only and never read a clock
 * (processing time is an input); only the {@code flink} adapter touches Flink.
 */
class GateArchitectureTest {
    static final JavaClasses CLASSES =
            new ClassFileImporter()
                    .withImportOption(new ImportOption.DoNotIncludeTests())
                    .importPackages("dev.bluegreen.gate");

    static final ArchRule DEPENDS_ONLY_ON_JDK_AND_FLINK =
            classes()
                    .should()
                    .onlyDependOnClassesThat()
                    .resideInAnyPackage(
                            "java..",
                            "javax.net.ssl..",
                            "org.apache.flink..",
                            "dev.bluegreen.gate..");

    static final ArchRule NEVER_USES_KUBERNETES_OR_JACKSON =
            noClasses()
                    .should()
                    .dependOnClassesThat()
                    .resideInAnyPackage("io.fabric8..", "io.javaoperatorsdk..", "com.fasterxml..");

    static final ArchRule RULE_AND_INTERNAL_DEPEND_ONLY_ON_THE_JDK =
            classes()
                    .that()
                    .resideInAnyPackage(
                            "dev.bluegreen.gate.rule..", "dev.bluegreen.gate.internal..")
                    .should()
                    .onlyDependOnClassesThat()
                    .resideInAnyPackage(
                            "java..", "dev.bluegreen.gate.rule..", "dev.bluegreen.gate.internal..");

    static final ArchRule CHANNEL_DEPENDS_ONLY_ON_THE_JDK_AND_THE_RULE =
            classes()
                    .that()
                    .resideInAPackage("dev.bluegreen.gate.channel..")
                    .should()
                    .onlyDependOnClassesThat()
                    .resideInAnyPackage(
                            "java..",
                            "javax.net.ssl..",
                            "dev.bluegreen.gate.rule..",
                            "dev.bluegreen.gate.internal..",
                            "dev.bluegreen.gate.channel..");

    static final ArchRule RULE_AND_CHANNEL_NEVER_READ_A_CLOCK =
            noClasses()
                    .that()
                    .resideInAnyPackage(
                            "dev.bluegreen.gate.rule..",
                            "dev.bluegreen.gate.internal..",
                            "dev.bluegreen.gate.channel..")
                    .should()
                    .callMethod(System.class, "currentTimeMillis")
                    .orShould()
                    .callMethod(System.class, "nanoTime")
                    .orShould()
                    .callMethod(Instant.class, "now")
                    .orShould()
                    .callMethod(LocalDateTime.class, "now")
                    .orShould()
                    .callMethod(ZonedDateTime.class, "now")
                    .orShould()
                    .callMethod(Clock.class, "systemUTC")
                    .orShould()
                    .callMethod(Clock.class, "systemDefaultZone");

    @Test
    void dependsOnlyOnTheJdkAndFlink() {
        DEPENDS_ONLY_ON_JDK_AND_FLINK.check(CLASSES);
    }

    @Test
    void neverUsesKubernetesClientsOrJackson() {
        NEVER_USES_KUBERNETES_OR_JACKSON.check(CLASSES);
    }

    @Test
    void ruleAndInternalDependOnlyOnTheJdk() {
        RULE_AND_INTERNAL_DEPEND_ONLY_ON_THE_JDK.check(CLASSES);
    }

    @Test
    void channelDependsOnlyOnTheJdkAndTheRule() {
        CHANNEL_DEPENDS_ONLY_ON_THE_JDK_AND_THE_RULE.check(CLASSES);
    }

    @Test
    void ruleAndChannelNeverReadAClock() {
        RULE_AND_CHANNEL_NEVER_READ_A_CLOCK.check(CLASSES);
    }
}
