#!/usr/bin/env bash
# Java bindings' tests: `mvn test` builds the JNI library (crate hayate-jni) with cargo into the
# workspace's target directory, then runs the JUnit 5 tests against it, on the third-party
# vectors in ../shared/vectors. Installs a JDK and Maven from Debian when missing; Maven
# downloads its plugins and the test dependencies (JUnit, Gson) from Maven Central.
set -euo pipefail
cd "$(dirname "$0")"
if ! command -v mvn >/dev/null || ! command -v javac >/dev/null; then
    apt-get update && apt-get install -y --no-install-recommends default-jdk-headless maven
fi
exec mvn -B --no-transfer-progress "$@" test
