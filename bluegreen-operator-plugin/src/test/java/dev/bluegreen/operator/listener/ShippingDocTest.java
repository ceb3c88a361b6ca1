package dev.bluegreen.operator.listener;

import dev.bluegreen.gate.flink.GateConfigOptions;
import dev.bluegreen.operator.resource.ProjectFiles;

import io.javaoperatorsdk.operator.Operator;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The versions docs/shipping.md ("Versions", "What the jar contains") and the README state are the
 * build's: the Java level of our classes, of the JOSDK we bundle and of the gate (read from the
 * class files on the class path), and the JOSDK, fabric8 and Flink versions of the root pom.
 */
class ShippingDocTest {
    static final String SHIPPING = "docs/shipping.md";
    static final String VERSION_TABLE_HEADER =
            "| Upstream operator | Its JOSDK / fabric8 / Flink | Its image's Java | Drop-in plugin |";

    /** The Java release a class file targets: its major version minus 44. */
    static int javaRelease(Class<?> type) throws IOException {
        String resource = "/" + type.getName().replace('.', '/') + ".class";
        try (InputStream in = type.getResourceAsStream(resource)) {
            assertThat(in).as("class file of %s", type.getName()).isNotNull();
            byte[] header = in.readNBytes(8);
            return ((header[6] & 0xff) << 8 | (header[7] & 0xff)) - 44;
        }
    }

    /** The value of {@code <name>} in the root pom's properties. */
    static String rootPomProperty(String name) throws IOException {
        String pom = Files.readString(ProjectFiles.root().resolve("pom.xml"));
        Matcher m = Pattern.compile("<" + Pattern.quote(name) + ">([^<]+)</").matcher(pom);
        assertThat(m.find()).as("property %s in the root pom", name).isTrue();
        return m.group(1).strip();
    }

    static String shipping() throws IOException {
        return Files.readString(ProjectFiles.root().resolve(SHIPPING));
    }

    @Test
    void statedJavaLevelIsTheOneOfOurClassesAndOfTheBundledJosdk() throws IOException {
        int ours = javaRelease(BlueGreenListener.class);
        int josdk = javaRelease(Operator.class);

        assertThat(josdk).as("JOSDK's Java level, which the doc says equals ours").isEqualTo(ours);
        assertThat(rootPomProperty("maven.compiler.release")).isEqualTo(String.valueOf(ours));
        assertThat(shipping())
                .contains(
                        "Everything but the gate is Java "
                                + ours
                                + " bytecode (class-file version "
                                + (ours + 44)
                                + ", `maven.compiler.release` "
                                + ours)
                .contains("Each way therefore needs a Java " + ours + " (or newer)");
    }

    @Test
    void statedGateJavaAndFlinkVersionsAreTheBuilds() throws IOException {
        int gate = javaRelease(GateConfigOptions.class);
        String flink = rootPomProperty("flink.version");
        String flink2 = rootPomProperty("flink2.version");

        assertThat(shipping())
                .contains("inside the user's Flink job) is Java " + gate + " bytecode")
                .contains("tested against Flink " + flink.replaceAll("\\.\\d+$", "") + " (" + flink)
                .contains("against Flink " + flink2 + " from the same");
        assertThat(Files.readString(ProjectFiles.root().resolve("README.md")))
                .contains("Java " + gate + " bytecode. The record-level gate");
    }

    /** The operator releases whose Drop-in cell in shipping.md's version table says "verified". */
    static List<String> dropInVerifiedReleases(String doc) {
        List<String> releases = new ArrayList<>();
        int table = doc.indexOf(VERSION_TABLE_HEADER);
        assertThat(table).as("version table in %s", SHIPPING).isNotNegative();
        List<String> lines = doc.substring(table).lines().toList();
        for (String line : lines.subList(2, lines.size())) {
            if (!line.startsWith("|")) {
                break;
            }
            String[] cells = line.split("\\s*\\|\\s*");
            if (cells[4].equals("verified")) {
                releases.add(cells[1]);
            }
        }
        return releases;
    }

    @Test
    void readmeNamesTheReleasesTheVersionTableVerifies() throws IOException {
        List<String> ascending = new ArrayList<>(dropInVerifiedReleases(shipping()));
        Collections.reverse(ascending); // the table lists the newest first
        assertThat(ascending).as("releases verified for the drop-in").hasSizeGreaterThan(1);
        int last = ascending.size() - 1;
        String listed =
                String.join(", ", ascending.subList(0, last)) + " and " + ascending.get(last);

        assertThat(Files.readString(ProjectFiles.root().resolve("README.md")))
                .contains("verified inside operator " + listed + ";");
    }

    @Test
    void statedJosdkAndFabric8VersionsAreTheBuilds() throws IOException {
        String josdk = rootPomProperty("josdk.version");
        String fabric8 = rootPomProperty("fabric8.version");

        assertThat(shipping())
                .contains("JOSDK `operator-framework-core` " + josdk)
                .contains("is built against " + fabric8);
        assertThat(Files.readString(ProjectFiles.root().resolve("README.md")))
                .contains("JOSDK " + josdk + " /")
                .contains("fabric8 " + fabric8 + ".");
    }
}
