-- The countries each shop delivers to (docs/decisions/0340), as ISO 3166-1 alpha-2 codes: an
-- address elsewhere is refused. A shop already here gets its locale's region (en-IE → IE) until
-- its operator (or the seed) says more.
alter table delivery_policies add column countries text[] not null default '{}';
update delivery_policies p set countries = array[upper(split_part(t.locale, '-', 2))]
  from tenants t
  where t.id = p.tenant_id and length(split_part(t.locale, '-', 2)) = 2;

-- Addresses now name their country by code: the names the forms were typed with become codes.
-- Other text stays as it was (shown as typed; saving the address again asks for a country).
update delivery_addresses set country = 'IE'
  where lower(trim(country)) in ('ireland', 'republic of ireland', 'éire', 'eire', 'ie');
update delivery_addresses set country = 'GB'
  where lower(trim(country)) in ('united kingdom', 'uk', 'gb', 'great britain', 'england',
    'scotland', 'wales', 'northern ireland');
