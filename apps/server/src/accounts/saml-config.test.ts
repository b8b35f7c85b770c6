import { describe, expect, it } from 'vitest';
import { loadSamlConfig, loadSsoOnlyDomains, parseGroupRoles, roleForGroups } from './saml-config.js';

const PUBLIC_URL = 'https://weft.example.com';
const CERT = '-----BEGIN CERTIFICATE-----\nMIIBfake\n-----END CERTIFICATE-----';

describe('SAML settings', () => {
  it('is off when nothing is set and needs both the entry point and the certificate', () => {
    expect(loadSamlConfig({}, PUBLIC_URL)).toBeUndefined();
    expect(() => loadSamlConfig({ SAML_ENTRY_POINT: 'https://idp.example.com/sso' }, PUBLIC_URL)).toThrow(/needs both/);
    expect(() => loadSamlConfig({ SAML_IDP_CERT: CERT }, PUBLIC_URL)).toThrow(/needs both/);
  });

  it('defaults the entity id to the metadata URL and the label to SSO, and reads a one-line PEM', () => {
    const config = loadSamlConfig({ SAML_ENTRY_POINT: 'https://idp.example.com/sso', SAML_IDP_CERT: CERT.replace(/\n/g, '\\n') }, PUBLIC_URL);
    expect(config).toMatchObject({ spEntityId: `${PUBLIC_URL}/api/auth/saml/metadata`, label: 'SSO', groupAttribute: 'groups', idpCerts: [CERT] });
  });

  it('takes https anywhere and http only on this machine', () => {
    expect(() => loadSamlConfig({ SAML_ENTRY_POINT: 'http://idp.example.com/sso', SAML_IDP_CERT: CERT }, PUBLIC_URL)).toThrow(/must use https/);
    expect(() => loadSamlConfig({ SAML_ENTRY_POINT: 'not a url', SAML_IDP_CERT: CERT }, PUBLIC_URL)).toThrow(/not a URL/);
    expect(loadSamlConfig({ SAML_ENTRY_POINT: 'http://127.0.0.1:9000/sso', SAML_IDP_CERT: CERT }, PUBLIC_URL)?.entryPoint).toBe('http://127.0.0.1:9000/sso');
  });

  it('refuses a group mapping without SAML', () => {
    expect(() => loadSamlConfig({ WEFT_SAML_GROUP_ROLES: 'a:admin', WEFT_SAML_WORKSPACE: 'ws1' }, PUBLIC_URL)).toThrow(/SAML is not configured/);
  });
});

describe('group mapping', () => {
  it('parses group:role pairs for one workspace, group names with colons included', () => {
    const mapping = parseGroupRoles(' weft-admins:admin, weft-viewers:Viewer ,urn:corp:groups:ops:editor', 'ws-1');
    expect(mapping?.workspaceId).toBe('ws-1');
    expect([...(mapping?.roles ?? [])]).toEqual([
      ['weft-admins', 'admin'],
      ['weft-viewers', 'viewer'],
      ['urn:corp:groups:ops', 'editor'],
    ]);
  });

  it('is absent when neither setting is there, and explains every bad value', () => {
    expect(parseGroupRoles(undefined, undefined)).toBeUndefined();
    expect(() => parseGroupRoles('a:admin', undefined)).toThrow(/needs WEFT_SAML_WORKSPACE/);
    expect(() => parseGroupRoles(undefined, 'ws')).toThrow(/WEFT_SAML_GROUP_ROLES is not/);
    expect(() => parseGroupRoles('admins', 'ws')).toThrow(/entries are group:role, got "admins"/);
    expect(() => parseGroupRoles(':admin', 'ws')).toThrow(/group:role/);
    expect(() => parseGroupRoles('bosses:owner', 'ws')).toThrow(/"owner" \(for group "bosses"\) is not a role a group can give; use admin, editor, viewer/);
    expect(() => parseGroupRoles('a:admin,a:viewer', 'ws')).toThrow(/names group "a" twice/);
    expect(() => parseGroupRoles(' , ', 'ws')).toThrow(/is empty/);
  });

  it('gives the strongest mapped role among a person’s groups', () => {
    const mapping = parseGroupRoles('viewers:viewer,admins:admin,editors:editor', 'ws');
    if (!mapping) throw new Error('no mapping');
    expect(roleForGroups(mapping, ['viewers', 'editors', 'unmapped'])).toBe('editor');
    expect(roleForGroups(mapping, ['admins', 'viewers'])).toBe('admin');
    expect(roleForGroups(mapping, ['unmapped'])).toBeUndefined();
  });
});

describe('SSO-only domains', () => {
  it('lowercases, drops a leading @, and refuses what is not a domain', () => {
    expect(loadSsoOnlyDomains({ WEFT_SSO_ONLY_DOMAINS: 'Example.com, @corp.test,' }, true)).toEqual(['example.com', 'corp.test']);
    expect(loadSsoOnlyDomains({}, false)).toEqual([]);
    expect(() => loadSsoOnlyDomains({ WEFT_SSO_ONLY_DOMAINS: 'localhost' }, true)).toThrow(/domains like example.com, got "localhost"/);
  });

  it('refuses to lock people out when no SSO is configured', () => {
    expect(() => loadSsoOnlyDomains({ WEFT_SSO_ONLY_DOMAINS: 'corp.test' }, false)).toThrow(/no SSO is configured/);
  });
});
