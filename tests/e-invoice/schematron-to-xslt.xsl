<?xml version="1.0" encoding="UTF-8"?>
<!--
  A small Schematron compiler for the KoSIT XRechnung rules (tests/helpers/e-invoice.ts):
  the parts of ISO Schematron they use (patterns with lets, rules, asserts and reports with
  <name/> and <value-of/>, xsl:function, include, the namespaces) become an XSLT 3.0
  stylesheet that writes SVRL failed-assert and successful-report elements, as the
  EN 16931 validation XSLT does. Each node fires at most the first matching rule of a
  pattern, as Schematron wants: a pattern is a mode, its rules templates in falling priority.
-->
<xsl:stylesheet version="3.0"
    xmlns:xsl="http://www.w3.org/1999/XSL/Transform"
    xmlns:out="urn:local:out"
    xmlns:sch="http://purl.oclc.org/dsdl/schematron"
    xmlns:xs="http://www.w3.org/2001/XMLSchema"
    exclude-result-prefixes="sch xs">
  <xsl:namespace-alias stylesheet-prefix="out" result-prefix="xsl"/>
  <xsl:output method="xml" indent="yes"/>

  <!-- The schema with its includes in place. -->
  <xsl:variable name="schema" as="element(sch:schema)" select="/sch:schema"/>
  <xsl:variable name="patterns" as="element(sch:pattern)*">
    <xsl:for-each select="$schema/(sch:pattern | sch:include)">
      <xsl:sequence select="if (self::sch:include) then doc(resolve-uri(@href, base-uri(.)))/sch:pattern else ."/>
    </xsl:for-each>
  </xsl:variable>

  <xsl:template match="/">
    <out:stylesheet version="3.0">
      <xsl:for-each select="$schema/sch:ns">
        <xsl:namespace name="{@prefix}" select="@uri"/>
      </xsl:for-each>
      <xsl:namespace name="svrl" select="'http://purl.oclc.org/dsdl/svrl'"/>
      <xsl:namespace name="xs" select="'http://www.w3.org/2001/XMLSchema'"/>
      <xsl:for-each select="$schema/namespace::*[not(name() = ('', 'xml'))]">
        <xsl:namespace name="{name()}" select="string(.)"/>
      </xsl:for-each>
      <xsl:copy-of select="$schema/xsl:function"/>
      <!-- Lets of a pattern are global: rule contexts use them. -->
      <xsl:for-each select="$patterns/sch:let">
        <out:variable name="{@name}" select="{@value}"/>
      </xsl:for-each>
      <out:template match="/">
        <svrl:schematron-output xmlns:svrl="http://purl.oclc.org/dsdl/svrl">
          <xsl:for-each select="$patterns[sch:rule]">
            <out:apply-templates select="." mode="p{position()}"/>
          </xsl:for-each>
        </svrl:schematron-output>
      </out:template>
      <xsl:for-each select="$patterns[sch:rule]">
        <xsl:variable name="mode" select="'p' || position()"/>
        <xsl:variable name="count" select="count(sch:rule)"/>
        <xsl:for-each select="sch:rule">
          <out:template match="{@context}" mode="{$mode}" priority="{$count - position() + 1}">
            <xsl:for-each select="sch:let">
              <out:variable name="{@name}" select="{@value}"/>
            </xsl:for-each>
            <xsl:for-each select="sch:assert | sch:report">
              <out:if test="{if (self::sch:assert) then 'not(' || @test || ')' else @test}">
                <xsl:element name="svrl:{if (self::sch:assert) then 'failed-assert' else 'successful-report'}" namespace="http://purl.oclc.org/dsdl/svrl">
                  <xsl:copy-of select="@id | @flag"/>
                  <svrl:text xmlns:svrl="http://purl.oclc.org/dsdl/svrl">
                    <xsl:apply-templates select="node()" mode="text"/>
                  </svrl:text>
                </xsl:element>
              </out:if>
            </xsl:for-each>
            <out:apply-templates select="@* | node()" mode="{$mode}"/>
          </out:template>
        </xsl:for-each>
        <out:template match="@* | node()" mode="{$mode}" priority="-1">
          <out:apply-templates select="@* | node()" mode="{$mode}"/>
        </out:template>
      </xsl:for-each>
    </out:stylesheet>
  </xsl:template>

  <xsl:template match="text()" mode="text"><xsl:value-of select="."/></xsl:template>
  <xsl:template match="sch:name" mode="text"><out:value-of select="name()"/></xsl:template>
  <xsl:template match="sch:value-of" mode="text"><out:value-of select="{@select}"/></xsl:template>
</xsl:stylesheet>
