<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="terrain" tilewidth="32" tileheight="32" tilecount="8" columns="4">
 <image source="terrain.png" width="128" height="64"/>
 <tile id="0">
  <properties>
   <property name="terrain" value="."/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="terrain" value="#"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="terrain" value=":"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="terrain" value="~"/>
  </properties>
 </tile>
 <tile id="4">
  <properties>
   <property name="terrain" value="mud"/>
  </properties>
 </tile>
 <tile id="5">
  <properties>
   <property name="terrain" value="+"/>
  </properties>
 </tile>
 <tile id="6">
  <properties>
   <property name="terrain" value="/"/>
  </properties>
 </tile>
 <tile id="7" type="decoration">
  <properties>
   <property name="note" value="a barrel, no effect on the rules"/>
  </properties>
 </tile>
</tileset>
