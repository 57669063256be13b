"Package metadata for llmsurgery, read from `settings.ini` (the nbdev 2 convention)."
from configparser import ConfigParser
from pathlib import Path
import setuptools

cfg = ConfigParser(delimiters=['='])
cfg.read('settings.ini', encoding='utf-8')
c = cfg['DEFAULT']
lic = dict(apache2=('Apache Software License 2.0', 'OSI Approved :: Apache Software License'))[c['license']]
statuses = ['1 - Planning', '2 - Pre-Alpha', '3 - Alpha', '4 - Beta', '5 - Production/Stable', '6 - Mature', '7 - Inactive']
pyvers = ['3.11', '3.12', '3.13']
reqs = c.get('requirements', '').split()
dev_reqs = c.get('dev_requirements', '').split()
# Optional extras: every `<name>_requirements` key but dev's (share: detect-secrets for `redact`; index: SQL and Parquet)
extras = {k[:-len('_requirements')]: c[k].split() for k in c if k.endswith('_requirements') and k != 'dev_requirements'}
scripts = [s.strip() for s in c.get('console_scripts', '').split() if s.strip()]

setuptools.setup(
    name=c['lib_name'], version=c['version'], description=c['description'],
    long_description=Path('README.md').read_text(encoding='utf-8'), long_description_content_type='text/markdown',
    author=c['author'], author_email=c['author_email'], license=lic[0], url=c['git_url'],
    keywords=c['keywords'].split(),
    classifiers=['Development Status :: ' + statuses[int(c['status'])], 'Intended Audience :: ' + c['audience'].title(),
                 'License :: ' + lic[1], 'Natural Language :: ' + c['language'].title()]
                + ['Programming Language :: Python :: ' + v for v in pyvers],
    packages=setuptools.find_packages(), include_package_data=True, zip_safe=False,
    python_requires='>=' + c['min_python'], install_requires=reqs,
    extras_require={'dev': dev_reqs + [r for v in extras.values() for r in v], **extras},
    entry_points={'console_scripts': scripts, 'nbdev': [f"{c['lib_path']}={c['lib_path']}._modidx:d"]},
)
