package dev.bluegreen.ingress;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaMethodCall;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.library.GeneralCodingRules;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.Set;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The rules of bluegreen-ingress's main code: JDK, core and fabric8 model classes only (never the
 * client), no clock reads, no output.
 */
class IngressArchitectureTest {

    private static final Set<String> CLOCK_OWNERS =
            Set.of(
                    "java.time.Instant",
                    "java.time.LocalDate",
                    "java.time.LocalDateTime",
                    "java.time.LocalTime",
                    "java.time.OffsetDateTime",
                    "java.time.ZonedDateTime",
                    "java.time.Clock");

    private static final ArchRule NO_CLOCK_READS =
            noClasses()
                    .should()
                    .callMethodWhere(
                            DescribedPredicate.describe(
                                    "a clock read", IngressArchitectureTest::readsClock));

    private static JavaClasses main;

    @BeforeAll
    static void importMainClasses() {
        main =
                new ClassFileImporter()
                        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                        .importPackages("dev.bluegreen.ingress");
    }

    @Test
    void dependsOnlyOnJdkCoreAndFabric8Model() {
        classes()
                .should()
                .onlyDependOnClassesThat()
                .resideInAnyPackage(
                        "java..",
                        "dev.bluegreen.ingress..",
                        "dev.bluegreen.core..",
                        "io.fabric8.kubernetes.api.model..",
                        "io.fabric8.kubernetes.api.builder..")
                .check(main);
    }

    @Test
    void neverUsesTheKubernetesClientJosdkOrFlink() {
        noClasses()
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        "io.fabric8.kubernetes.client..",
                        "io.javaoperatorsdk..",
                        "org.apache.flink..")
                .check(main);
    }

    @Test
    void neverReadsAClock() {
        NO_CLOCK_READS.check(main);
    }

    @Test
    void theClockRuleCatchesAClockRead() {
        JavaClasses fixture = new ClassFileImporter().importClasses(ReadsClock.class);
        assertThatThrownBy(() -> NO_CLOCK_READS.check(fixture))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("Instant.now()");
    }

    @Test
    void writesNothingToStandardStreamsOrJavaUtilLogging() {
        GeneralCodingRules.NO_CLASSES_SHOULD_ACCESS_STANDARD_STREAMS.check(main);
        GeneralCodingRules.NO_CLASSES_SHOULD_USE_JAVA_UTIL_LOGGING.check(main);
    }

    private static boolean readsClock(JavaMethodCall call) {
        String owner = call.getTargetOwner().getName();
        String name = call.getName();
        if (CLOCK_OWNERS.contains(owner)) {
            return name.equals("now") || name.startsWith("system") || name.startsWith("tick");
        }
        return owner.equals("java.lang.System")
                && (name.equals("currentTimeMillis") || name.equals("nanoTime"));
    }

    /** A class that breaks the clock rule, to prove the rule can fail. */
    static final class ReadsClock {
        Instant read() {
            return Instant.now();
        }
    }
}
